import { Client } from 'pg';

// Two parts starting together may both try: PostgreSQL answers 42P04, or 23505 when they collide mid-create.
const ALREADY_CREATED = new Set(['42P04', '23505']);

/** Creates the database named in `url` when it does not exist (development, tests, embedded mode). */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name) throw new Error('DATABASE_URL must name a database');
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (existing.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`).catch((error: { code?: string }) => {
        if (!error.code || !ALREADY_CREATED.has(error.code)) throw error;
      });
    }
  } finally {
    await client.end();
  }
}
