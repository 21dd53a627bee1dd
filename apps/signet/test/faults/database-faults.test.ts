import knex, { Knex } from 'knex';
import { samplePdf } from '@signet/testkit';
import { KEYS, startTestSignet, TestSignet } from '../harness';

/**
 * PostgreSQL connections cut under Signet's feet (pg_terminate_backend) while envelopes are created:
 * every request is created, or told to come back (503 OVERLOADED with Retry-After); none gets a 500.
 */
describe('database connections terminated during creates', () => {
  let api: TestSignet;
  let admin: Knex;
  let pdf: Buffer;

  beforeAll(async () => {
    pdf = await samplePdf();
    api = await startTestSignet();
    admin = knex({ client: 'pg', connection: api.signet.config.databaseUrl as string, pool: { min: 1, max: 1 } });
  });
  afterAll(async () => {
    await admin?.destroy();
    await api?.close();
  });

  /** Ends every other session on Signet's database; returns how many. */
  async function terminateBackends(): Promise<number> {
    const { rows } = await admin.raw(
      'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()'
    );
    return rows[0].n;
  }

  it('answers every create with 200 or 503 OVERLOADED, never 500, and works again afterwards', async () => {
    const form = {
      'documents[contract][base64]': pdf.toString('base64'),
      'recipients[signer_1][email]': 'ana@example.com',
      'recipients[signer_1][name]': 'Ana Lima'
    };
    const create = () => api.call('POST', '/api/v1/envelopes', { key: KEYS.globex, form });
    const statuses: number[] = [];
    let terminated = 0;
    for (let wave = 0; wave < 5; wave++) {
      const creates = Array.from({ length: 8 }, create);
      terminated += await terminateBackends();
      const responses = await Promise.all(creates);
      for (const response of responses) {
        statuses.push(response.status);
        if (response.status === 503) {
          expect(response.body).toMatchObject({ code: 'OVERLOADED', request_id: expect.any(String) });
          expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
        }
      }
    }
    if (process.env.PRINT_FIGURES) process.stdout.write(`FIGURES terminated=${terminated} statuses=${JSON.stringify(statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {}))}\n`);
    expect(terminated).toBeGreaterThan(0);
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect((await create()).status).toBe(200);
  });
});
