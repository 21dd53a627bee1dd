import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PUBLIC_ROUTES } from './public-route-table';
import { ROUTES } from './route-table';

describe('the route tables', () => {
  it('send requests only to parts the gateway declares it calls (the internal-call check sees every proxy edge)', () => {
    const manifest = JSON.parse(readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8')) as { signet: { internalCalls: string[] } };
    const routed = new Set([...ROUTES, ...PUBLIC_ROUTES].map((route) => route.service));
    for (const part of routed) expect(manifest.signet.internalCalls).toContain(part);
  });
});
