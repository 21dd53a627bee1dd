import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { TEST_POSTGRES_ENV } from './postgres-server';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

function serverUrl(): URL {
  const value = process.env[TEST_POSTGRES_ENV];
  if (!value) throw new Error(`${TEST_POSTGRES_ENV} is not set: run the tests through jest (its global setup finds PostgreSQL)`);
  return new URL(value);
}

/** A fresh, empty database on the test PostgreSQL server, so test files never see each other's rows. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `signet_test_${randomBytes(6).toString('hex')}`;
  const admin = serverUrl();
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin.toString());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new Client({ connectionString: admin.toString() });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    }
  };
}
