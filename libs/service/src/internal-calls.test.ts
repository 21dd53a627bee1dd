import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkInternalCalls, findCallCycle } from './internal-calls';

const ROOT = path.resolve(__dirname, '../../..');

/** A throwaway repository: each service's declaration and the code that makes its calls. */
function repository(services: Record<string, { declared: string[]; code: string }>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'signet-calls-'));
  for (const [name, { declared, code }] of Object.entries(services)) {
    mkdirSync(path.join(root, 'services', name, 'src'), { recursive: true });
    writeFileSync(path.join(root, 'services', name, 'package.json'), JSON.stringify({ name: `@signet/${name}`, signet: { internalCalls: declared } }));
    writeFileSync(path.join(root, 'services', name, 'src', 'index.ts'), code);
  }
  return root;
}

describe('internal calls', () => {
  it('go one way in this repository, and the code calls only what each part declares', () => {
    const { graph, problems } = checkInternalCalls(ROOT);
    expect(problems).toEqual([]);
    expect(graph.validation).toEqual([]);
    expect(graph.envelope).not.toContain('gateway');
  });

  it('are refused when a part calls back a part that calls it, directly or round others', () => {
    expect(findCallCycle({ gateway: ['envelope'], envelope: ['settings', 'validation'], validation: [], settings: [] })).toBeNull();
    expect(findCallCycle({ gateway: ['envelope'], envelope: ['validation'], validation: ['envelope'] })).toEqual(['envelope', 'validation', 'envelope']);
    expect(findCallCycle({ gateway: ['envelope'], envelope: ['settings'], settings: ['gateway'] })).toEqual(['gateway', 'envelope', 'settings', 'gateway']);
  });

  it('fail the check on a deliberately introduced cycle, and on a call the part does not declare', () => {
    const cyclic = repository({
      envelope: { declared: ['validation'], code: "deps.serviceUrl('validation');" },
      validation: { declared: ['envelope'], code: "deps.serviceUrl('envelope');" }
    });
    const undeclared = repository({
      envelope: { declared: [], code: "const gateway = () => deps.serviceUrl('gateway');" },
      gateway: { declared: ['envelope'], code: '' }
    });
    try {
      expect(checkInternalCalls(cyclic).problems).toEqual(['internal calls go round in a cycle: envelope -> validation -> envelope']);
      expect(checkInternalCalls(undeclared).problems).toEqual([
        "services/envelope calls gateway (serviceUrl('gateway')) but does not declare it in signet.internalCalls"
      ]);
    } finally {
      rmSync(cyclic, { recursive: true, force: true });
      rmSync(undeclared, { recursive: true, force: true });
    }
  });
});
