import { postgresForTests, TEST_POSTGRES_ENV } from './postgres-server';

/**
 * The integration tests' PostgreSQL: DATABASE_URL's server, else an embedded one started for this run
 * (stopped when jest exits), never whatever else answers on this machine.
 */
export default async function globalSetup(): Promise<void> {
  process.env.LOG_LEVEL ??= 'silent';
  const server = await postgresForTests(process.env);
  process.env[TEST_POSTGRES_ENV] = server.url;
}
