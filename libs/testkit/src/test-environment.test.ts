import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..', '..');

/** Runs jest on the fixture in a worker process (as the full suite does), with `environment`. */
function runFixture(environment: string): string {
  const config = {
    rootDir: ROOT,
    testEnvironment: environment,
    transform: { '^.+\\.ts$': '@sucrase/jest-plugin' },
    testMatch: ['<rootDir>/libs/testkit/src/fixtures/self-referring-error.fixture.ts']
  };
  // workerIdleMemoryLimit makes jest run even a single file in a worker.
  const run = spawnSync(process.execPath, [path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'), '--config', JSON.stringify(config), '--workerIdleMemoryLimit=1GB', '--ci'], {
    cwd: ROOT, encoding: 'utf8', timeout: 120_000
  });
  expect(run.status).toBe(1);
  return `${run.stdout}${run.stderr}`;
}

describe('the test environment', () => {
  it('reports what failed when a test throws an error that refers to itself', () => {
    const output = runFixture('<rootDir>/libs/testkit/src/test-environment.ts');
    expect(output).toContain('the real failure');
    expect(output).not.toContain('Converting circular structure');
  });

  it('is needed: jest\'s own node environment hides that failure', () => {
    expect(runFixture('node')).toContain('Converting circular structure');
  });
});
