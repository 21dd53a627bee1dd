import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const kafkaMockDir = path.resolve(__dirname, '../kafka-mock');
/** What the build needs, and nothing that installs packages: apt-get is out of reach. */
const TOOLS = ['cc', 'as', 'ld', 'dirname', 'id', 'mv', 'rm', 'flock'];

describe('infra/kafka-mock/build.sh', () => {
  // As the tests' broker is built: with the headers installed first where they are missing (as root).
  beforeAll(() => execFileSync('/bin/sh', [path.join(kafkaMockDir, 'build.sh')], { stdio: 'pipe' }));

  it("builds the mock broker where librdkafka's headers are installed, without trying to install them", () => {
    const work = mkdtempSync(path.join(tmpdir(), 'kafka-mock-build-'));
    try {
      const bin = path.join(work, 'bin');
      execFileSync('mkdir', [bin]);
      for (const tool of TOOLS) symlinkSync(execFileSync('/bin/sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).trim(), path.join(bin, tool));
      for (const file of ['build.sh', 'mock-broker.c']) copyFileSync(path.join(kafkaMockDir, file), path.join(work, file));
      execFileSync('/bin/sh', [path.join(work, 'build.sh')], { env: { PATH: bin }, stdio: 'pipe' });
      expect(existsSync(path.join(work, 'mock-broker'))).toBe(true);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
