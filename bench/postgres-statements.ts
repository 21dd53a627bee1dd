import type pg from 'pg';

/** One statement's share of a request: its calls and its execution time in PostgreSQL, per request. */
export interface StatementShare {
  statement: string;
  calls_per_request: number;
  exec_us_per_request: number;
}

export interface StatementsOfRequest {
  /** PostgreSQL's execution time of every statement, per request: parsing, sending and committing come on top. */
  exec_us_per_request: number;
  top: StatementShare[];
}

const SHOWN = 6;
const STATEMENT_CHARS = 90;
/** The monitor's database: both sides' statements run in it, and only in it. */
const THIS_DATABASE = '(SELECT oid FROM pg_database WHERE datname = current_database())';

/**
 * Whether the server tracks statements (`pg_stat_statements` preloaded, as the benchmarks' own PostgreSQL
 * has it); the extension is made in the database if it is not there yet.
 */
export async function statementsTracked(monitor: pg.Client): Promise<boolean> {
  try {
    await monitor.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await monitor.query('SELECT 1 FROM pg_stat_statements LIMIT 1');
    return true;
  } catch {
    return false;
  }
}

export async function resetStatements(monitor: pg.Client): Promise<void> {
  await monitor.query(`SELECT pg_stat_statements_reset(0, ${THIS_DATABASE}, 0)`);
}

/**
 * Adds up what the statements of this database ran since the last reset, over blocks of requests; the
 * monitor's own statements (the ones reading PostgreSQL's statistics) are left out.
 */
export function statementTally() {
  // By query id: a statement prepared before a reset is shown again with its text as sent, not normalized.
  const byStatement = new Map<string, { statement: string; calls: number; execMs: number }>();
  let requests = 0;
  return {
    async add(monitor: pg.Client, served: number): Promise<void> {
      const { rows } = await monitor.query(`SELECT queryid::text AS id, regexp_replace(query, '\\s+', ' ', 'g') AS statement, calls, total_exec_time AS exec_ms
        FROM pg_stat_statements WHERE dbid = ${THIS_DATABASE} AND query NOT LIKE '%pg_stat%'`);
      for (const row of rows as Array<{ id: string; statement: string; calls: string; exec_ms: number }>) {
        const sum = byStatement.get(row.id) ?? { statement: row.statement, calls: 0, execMs: 0 };
        byStatement.set(row.id, { statement: sum.statement, calls: sum.calls + Number(row.calls), execMs: sum.execMs + row.exec_ms });
      }
      requests += served;
    },
    summary(): StatementsOfRequest {
      const perRequest = (value: number) => value / Math.max(1, requests);
      const shares = [...byStatement.values()].map((sum): StatementShare => ({
        statement: sum.statement.slice(0, STATEMENT_CHARS),
        calls_per_request: Math.round(perRequest(sum.calls) * 100) / 100,
        exec_us_per_request: Math.round(perRequest(sum.execMs) * 1000)
      })).sort((a, b) => b.exec_us_per_request - a.exec_us_per_request);
      const execMs = [...byStatement.values()].reduce((total, sum) => total + sum.execMs, 0);
      // A statement run less than once in 200 requests ran beside the block (a job's look), not because of it.
      return { exec_us_per_request: Math.round(perRequest(execMs) * 1000), top: shares.filter((share) => share.calls_per_request > 0).slice(0, SHOWN) };
    }
  };
}

export type StatementTally = ReturnType<typeof statementTally>;
