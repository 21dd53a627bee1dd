import { spawnSync } from 'node:child_process';
import path from 'node:path';

const BIN = path.join(__dirname, '..', 'bin', 'signet');

/** The real entry point, as `signet ...` runs it. */
function signet(...args: string[]) {
  const run = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 30_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('signet command line help', () => {
  it('prints its usage for --help and for help <command>, exiting 0', () => {
    const help = signet('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: signet \[--target=<parts>\]/);
    expect(help.stdout).toContain('signet keys <command>');

    const keys = signet('help', 'keys');
    expect(keys.status).toBe(0);
    expect(keys.stdout).toContain('signet keys create --tenant <tenant> --plan');
    expect(signet('keys', '--help').status).toBe(0);
  });

  it('answers a wrong call with the usage on stderr and exit 2, never a stack trace', () => {
    for (const args of [['nonsense'], ['--bogus'], ['help', 'nonsense'], ['keys']]) {
      const run = signet(...args);
      expect({ args, status: run.status }).toEqual({ args, status: 2 });
      expect(run.stderr).toContain('usage:');
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(run.stdout).toBe('');
    }
    expect(signet('nonsense').stderr).toMatch(/^signet: unknown command 'nonsense'/);
  });
});
