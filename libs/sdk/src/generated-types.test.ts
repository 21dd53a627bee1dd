import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.join(__dirname, '..', '..', '..');

describe('the SDK types', () => {
  it('are what openapi-typescript generates from docs/openapi.json (npm run docs:openapi)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'signet-sdk-types-'));
    try {
      const output = path.join(dir, 'openapi.ts');
      execFileSync(path.join(root, 'node_modules', '.bin', 'openapi-typescript'), [path.join(root, 'docs', 'openapi.json'), '-o', output], { stdio: 'pipe' });
      expect(readFileSync(path.join(__dirname, 'generated', 'openapi.ts'), 'utf8')).toBe(readFileSync(output, 'utf8'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
