import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_VARIABLES } from '@signet/config';
import { renderEventCatalog } from '@signet/contracts';
import { ERROR_CODES } from '@signet/http';

const root = path.join(__dirname, '..', '..', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('documentation stays in step with the code', () => {
  it('the README configuration table lists every variable the config reads', () => {
    const readme = read('README.md');
    for (const variable of CONFIG_VARIABLES) expect(readme).toContain(`| \`${variable.name}\` |`);
  });

  it('docs/events.md is the catalog the event schemas generate (npm run docs:events)', () => {
    expect(read('docs/events.md')).toBe(renderEventCatalog());
  });

  it('docs/errors.md lists every error code with its status', () => {
    const errors = read('docs/errors.md');
    for (const [code, { status }] of Object.entries(ERROR_CODES)) expect(errors).toContain(`| \`${code}\` | ${status} |`);
  });

  it('every service and library has a README', () => {
    for (const folder of [
      'services/gateway', 'services/settings', 'services/envelope', 'services/upload', 'services/webhook-delivery', 'services/validation',
      'libs/contracts', 'libs/bus', 'libs/http', 'libs/db', 'libs/config', 'libs/blob', 'libs/pdf', 'libs/metrics', 'infra'
    ]) {
      expect(read(`${folder}/README.md`).length).toBeGreaterThan(100);
    }
  });
});
