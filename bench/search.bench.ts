import knex, { Knex } from 'knex';
import { encodeCursor } from '../services/envelope/src/listing/envelope-cursor';
import { readListQuery } from '../services/envelope/src/listing/read-list-query';
import { envelopeSearchQuery, rarestWord } from '../services/envelope/src/listing/search-envelopes';
import { measure, percentile } from './measure';
import { BENCH_KEY, startBenchSignet } from './signet-for-bench';

const TENANT = 'bench';
const REQUESTS = 200;
const DEEP_POSITION = 0.6;

/**
 * The envelopes, their one recipient each, and a second tenant's share, written by PostgreSQL itself
 * (generate_series), not through the API. The list's indexes are dropped first and built again after,
 * which is how a bulk load is done and many times faster than maintaining them row by row.
 */
/** Generated envelopes' ids: UUIDs as the API's (a cursor carries one, and is checked), told apart by their first 24 characters. */
const GENERATED_ID_PREFIX = '00000000-0000-7000-8000-';

async function generate(db: Knex, count: number, apiKeyId: string): Promise<number> {
  const started = performance.now();
  const indexes: Array<{ indexname: string; indexdef: string }> = (await db.raw(
    `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'envelope' AND tablename IN ('envelopes', 'recipients') AND indexname LIKE ANY (ARRAY['envelopes\\_%', 'recipients\\_envelope%'])
       AND indexname NOT LIKE '%pkey'`
  )).rows;
  for (const index of indexes) await db.raw(`DROP INDEX envelope."${index.indexname}"`);
  const other = Math.floor(count / 10);
  await db.raw(`
    INSERT INTO envelope.envelopes (id, tenant_id, api_key_id, name, name_is_default, status, settings_overrides, settings, errors, warnings,
      created_at, updated_at, sent_at, completed_at, voided_at, metadata, search_text, recipient_emails)
    SELECT '${GENERATED_ID_PREFIX}' || lpad(to_hex(g), 12, '0'), CASE WHEN g <= ?::int THEN ?::text ELSE 'other' END, ?, 'Contract ' || g || ' ' || (ARRAY['lease', 'sale', 'loan', 'employment', 'services'])[g % 5 + 1],
      false, s.status, '{}', '{}', '[]', '[]', c.at, c.at,
      CASE WHEN s.status IN ('IN_PROGRESS', 'SUCCESS', 'VOIDED') THEN c.at + interval '1 hour' END,
      CASE WHEN s.status = 'SUCCESS' THEN c.at + interval '2 days' END,
      CASE WHEN s.status = 'VOIDED' THEN c.at + interval '3 days' END,
      jsonb_build_object('crm_id', 'opp-' || g, 'region', (ARRAY['EU', 'US', 'APAC'])[g % 3 + 1]),
      lower('Contract ' || g || ' ' || (ARRAY['lease', 'sale', 'loan', 'employment', 'services'])[g % 5 + 1] || ' contract-' || g || '.pdf signer ' || (g % 50000) || ' signer' || (g % 50000) || '@example.com'),
      ARRAY['signer' || (g % 50000) || '@example.com']
    FROM generate_series(1, ?::int + ?::int) AS g,
      LATERAL (SELECT timestamptz '2025-01-01T00:00:00Z' + g * interval '30 seconds' AS at) AS c,
      LATERAL (SELECT (ARRAY['SUCCESS', 'SUCCESS', 'SUCCESS', 'SUCCESS', 'IN_PROGRESS', 'IN_PROGRESS', 'IN_PROGRESS', 'VOIDED', 'CREATED', 'ERROR'])[g % 10 + 1] AS status) AS s`,
  [count, TENANT, apiKeyId, count, other]);
  await db.raw(`
    INSERT INTO envelope.recipients (id, envelope_id, custom_key, name, email, "order", status, created_at, updated_at)
    SELECT 'rcp-' || e.id, e.id, '0', 'Signer ' || split_part(e.recipient_emails[1], '@', 1), e.recipient_emails[1], 0, 'PENDING', e.created_at, e.created_at
    FROM envelope.envelopes e WHERE e.id LIKE '${GENERATED_ID_PREFIX}%'`);
  for (const index of indexes) await db.raw(index.indexdef);
  await db.raw('ANALYZE envelope.envelopes');
  await db.raw('ANALYZE envelope.recipients');
  return Math.round((performance.now() - started) / 100) / 10;
}

/** The SQL the envelope service runs for a list query, bindings inlined (the word it looks up in the text index chosen as it does). */
async function listSql(db: Knex, query: Record<string, string>): Promise<string> {
  const filters = readListQuery(query);
  const indexedText = filters.text ? await rarestWord(db, filters.text) : undefined;
  return envelopeSearchQuery(db, TENANT, filters, filters.limit + 1, indexedText).toString();
}

/** The plan PostgreSQL picks for a list query. */
async function explain(db: Knex, sql: string): Promise<string[]> {
  const rows = (await db.raw(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${sql}`)).rows;
  return rows.map((row: { 'QUERY PLAN': string }) => row['QUERY PLAN']);
}

/** Times `path` through the gateway, after a warm-up, one request at a time; failed requests are counted. */
async function timeHttp(url: string, path: string): Promise<{ latencies: number[]; errors: number }> {
  const run = () => fetch(`${url}${path}`, { headers: { authorization: BENCH_KEY } }).then(async (response) => {
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
  });
  await measure(20, 1, run);
  const { latencies, errors } = await measure(REQUESTS, 1, run);
  return { latencies, errors };
}

/**
 * GET /api/v1/envelopes on 1,000,000 envelopes in one tenant (BENCH_SEARCH_ENVELOPES to change):
 * p99 of filtered first pages and of pages deep in a cursor walk, through the gateway, each beside the
 * plan PostgreSQL chose (index scans, no sequential scan of envelopes).
 */
export async function benchSearch() {
  const count = Number(process.env.BENCH_SEARCH_ENVELOPES ?? 1_000_000);
  const bench = await startBenchSignet();
  const db = knex({ client: 'pg', connection: bench.signet.config.databaseUrl as string, searchPath: ['envelope'], pool: { min: 1, max: 4 } });
  try {
    const apiKeyId = (await db('gateway.api_keys').where({ tenant_id: TENANT }).first('id')).id as string;
    const form = new FormData();
    form.append('recipients[0][email]', 'ana@example.com');
    form.append('recipients[0][name]', 'Ana Lima');
    const real = (await (await fetch(`${bench.url}/api/v1/envelopes`, { method: 'POST', headers: { authorization: BENCH_KEY }, body: form })).json()) as { envelope: { id: string } };
    process.stderr.write(`search bench: generating ${count} envelopes\n`);
    const generation_seconds = await generate(db, count, apiKeyId);
    process.stderr.write(`search bench: generated in ${generation_seconds} s\n`);
    const deep = await db('envelope.envelopes').where({ tenant_id: TENANT }).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
      .offset(Math.floor(count * DEEP_POSITION)).first('id', db.raw(`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at`));
    const deepCursor = encodeCursor({ createdAt: deep.cursor_at, id: deep.id, order: 'desc' });
    const cases: Record<string, Record<string, string>> = {
      first_page: {},
      first_page_status: { status: 'SUCCESS,IN_PROGRESS' },
      first_page_created_range: { created_after: '2025-06-01T00:00:00Z', created_before: '2025-07-01T00:00:00Z' },
      first_page_metadata: { 'metadata[crm_id]': `opp-${Math.floor(count / 3)}` },
      // A third of the tenant matches: PostgreSQL cannot estimate jsonb containment well, the weak case.
      first_page_metadata_common: { 'metadata[region]': 'EU' },
      first_page_recipient_email: { recipient_email: 'signer4242@example.com' },
      // Part of a number: its trigrams are rare, so the trigram index finds few candidates.
      first_page_text: { q: String(Math.floor(count / 7)) },
      // A document name: `.pdf` and `contract` are in every row, so their trigrams match everything.
      first_page_text_common_words: { q: `contract-${Math.floor(count / 7)}.pdf` },
      deep_page: { cursor: deepCursor },
      deep_page_status: { cursor: deepCursor, status: 'SUCCESS' }
    };
    const { latencies: baseline } = await timeHttp(bench.url, `/api/v1/envelopes/${real.envelope.id}`);
    const figures: Record<string, unknown> = {};
    for (const [name, query] of Object.entries(cases)) {
      const path = `/api/v1/envelopes?${new URLSearchParams(query).toString()}`;
      const { latencies: http, errors: http_errors } = await timeHttp(bench.url, path);
      const sql = await listSql(db, query);
      const database = await measure(REQUESTS, 1, async () => {
        await db.raw(sql);
      });
      const plan = await explain(db, sql);
      figures[name] = {
        query: path,
        http_p50_ms: percentile(http, 50),
        http_p99_ms: percentile(http, 99),
        http_errors,
        sql_p50_ms: percentile(database.latencies, 50),
        sql_p99_ms: percentile(database.latencies, 99),
        index_scan: plan.some((line) => /Index (Only )?Scan|Bitmap Index Scan/.test(line)) && !plan.some((line) => /Seq Scan on envelopes/.test(line)),
        explain: plan
      };
    }
    return {
      envelopes_in_tenant: count, other_tenant_envelopes: Math.floor(count / 10), generation_seconds, target_p99_ms: 50, requests_per_case: REQUESTS,
      // One envelope read by id through the same gateway and service: what any request costs on this host.
      baseline_get_by_id: { http_p50_ms: percentile(baseline, 50), http_p99_ms: percentile(baseline, 99) },
      ...figures
    };
  } finally {
    await db.destroy();
    await bench.close();
  }
}
