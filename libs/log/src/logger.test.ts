import { Writable } from 'node:stream';
import { createLogger } from '.';

function capture(): { stream: Writable; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    }
  });
  return { stream, lines };
}

describe('log lines', () => {
  it('are JSON with each key once: a part names itself in `service`, and nothing else repeats it', () => {
    const { stream, lines } = capture();
    createLogger({ level: 'info', destination: stream, pretty: false }).child({ service: 'gateway' }).info({ request_id: 'req_1' }, 'request');
    const line = lines[0] as string;
    expect(JSON.parse(line)).toMatchObject({ service: 'gateway', request_id: 'req_1', msg: 'request' });
    const keys = [...line.matchAll(/"([a-z_]+)":/g)].map((match) => match[1]);
    expect(keys.length).toBe(new Set(keys).size);
  });

  it('are readable lines, not JSON, for a terminal', () => {
    const { stream, lines } = capture();
    createLogger({ level: 'info', destination: stream, pretty: true }).child({ service: 'gateway' }).info({ status: 200 }, 'request');
    expect(lines[0]).toMatch(/INFO.*request/);
    expect(() => JSON.parse(lines[0] as string)).toThrow();
  });
});
