import { Client } from 'pg';

/** The variable global setup leaves for test files: a PostgreSQL server URL (database part ignored). */
export const TEST_POSTGRES_ENV = 'SIGNET_TEST_POSTGRES_URL';

const LOCAL_CANDIDATES = ['postgres://postgres@127.0.0.1:5432/postgres', 'postgres://root@127.0.0.1:5432/postgres'];

export async function accepts(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** DATABASE_URL when set, else a PostgreSQL already listening on this machine, else null. */
export async function findPostgresServer(env: Record<string, string | undefined>): Promise<string | null> {
  if (env.DATABASE_URL) return env.DATABASE_URL;
  for (const candidate of LOCAL_CANDIDATES) if (await accepts(candidate)) return candidate;
  return null;
}
