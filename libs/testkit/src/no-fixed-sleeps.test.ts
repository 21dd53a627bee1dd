import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..', '..');

/**
 * A test that sleeps to show something did not happen passes on a slow host that had not got round to
 * doing it yet. Such a test waits for a later sentinel instead: an event on the same key ordered after
 * the one that must not appear, a row the same worker writes after the point in question, a worker seen
 * to act on the test clock as it stands.
 */
const FIXED_SLEEPS = [
  /new Promise[^\n]*setTimeout/,
  /timers\/promises/,
  /\b(pause|sleep|settle|delay|waitForTimeout)\s*\(/
];

/** Fixed waits that stand in for nothing, each with the reason it stays. */
const ALLOWED: Record<string, string> = {
  'libs/testkit/src/wait-for.ts': "waitFor's poll interval: it waits for something that must happen, bounded by a generous timeout",
  'apps/signet/test/faults/load.ts': "the fault suite's client backs off before a retry (Retry-After) as an integrator does; nothing is shown by waiting",
  'apps/signet/test/faults/run-faults.ts': 'how long each fault lasts (the broker down 30 s, busy loops for 15 s); what must then happen is awaited with deadlines'
};

/** Test code: test files anywhere, whatever sits in a test folder, and the test kit. */
function isTestCode(file: string): boolean {
  return file.endsWith('.test.ts') || file.split(path.sep).includes('test') || file.startsWith(path.join('libs', 'testkit', 'src'));
}

function testFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(file);
    return file.endsWith('.ts') && isTestCode(file) ? [file] : [];
  });
}

describe('tests wait for sentinels, not for time', () => {
  const files = ['apps', 'libs', 'services', 'infra'].flatMap(testFiles).filter((file) => path.join(ROOT, file) !== __filename);

  it('finds the test code it is meant to scan', () => {
    expect(files).toEqual(expect.arrayContaining([path.join('apps', 'signet', 'test', 'harness.ts'), path.join('libs', 'bus', 'test', 'outbox-inbox.test.ts')]));
  });

  it('finds no fixed sleep outside the allowed ones', () => {
    const sleeping = files.filter((file) => !(file.split(path.sep).join('/') in ALLOWED))
      .flatMap((file) => readFileSync(path.join(ROOT, file), 'utf8').split('\n')
        .flatMap((line, index) => (FIXED_SLEEPS.some((pattern) => pattern.test(line)) ? [`${file}:${index + 1}: ${line.trim()}`] : [])));
    expect(sleeping).toEqual([]);
  });

  it('allows only files that still need it', () => {
    for (const file of Object.keys(ALLOWED)) {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      expect({ file, sleeps: FIXED_SLEEPS.some((pattern) => pattern.test(text)) }).toEqual({ file, sleeps: true });
    }
  });
});
