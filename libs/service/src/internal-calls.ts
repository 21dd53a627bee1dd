import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Which parts each part calls (internal HTTP, or the gateway's proxy), as each declares it. */
export type CallGraph = Record<string, readonly string[]>;

/**
 * The first cycle of calls, as the parts along it (`['envelope', 'validation', 'envelope']`), or null.
 * A part that calls a part that calls it back, however far round, makes one.
 */
export function findCallCycle(graph: CallGraph): string[] | null {
  const done = new Set<string>();
  const walk = (part: string, trail: string[]): string[] | null => {
    const seen = trail.indexOf(part);
    if (seen >= 0) return [...trail.slice(seen), part];
    if (done.has(part)) return null;
    for (const callee of graph[part] ?? []) {
      const cycle = walk(callee, [...trail, part]);
      if (cycle) return cycle;
    }
    done.add(part);
    return null;
  };
  for (const part of Object.keys(graph)) {
    const cycle = walk(part, []);
    if (cycle) return cycle;
  }
  return null;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return file.endsWith('.ts') && !file.endsWith('.test.ts') ? [file] : [];
  });
}

/** The parts a service's code names in `serviceUrl('<part>')`: the only way a part reaches another. */
function partsCalledIn(serviceDir: string): Set<string> {
  const called = new Set<string>();
  for (const file of sourceFiles(path.join(serviceDir, 'src'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(/serviceUrl\(\s*['"]([a-z-]+)['"]\s*\)/g)) called.add(match[1] as string);
  }
  return called;
}

export interface InternalCallCheck {
  graph: CallGraph;
  problems: string[];
}

/**
 * Reads each service's declaration (`signet.internalCalls` in services/<part>/package.json, the one place
 * a part says whom it calls), checks that its code calls no part it does not declare, and that the
 * declared calls make no cycle: if A calls B, B never calls A, directly or round other parts.
 */
export function checkInternalCalls(root: string): InternalCallCheck {
  const servicesDir = path.join(root, 'services');
  const graph: Record<string, string[]> = {};
  const problems: string[] = [];
  for (const part of readdirSync(servicesDir).sort()) {
    const manifest = path.join(servicesDir, part, 'package.json');
    const declared = (JSON.parse(readFileSync(manifest, 'utf8')) as { signet?: { internalCalls?: string[] } }).signet?.internalCalls;
    if (!declared) {
      problems.push(`services/${part}/package.json declares no signet.internalCalls (an empty list when the part calls none)`);
      continue;
    }
    graph[part] = declared;
    for (const called of partsCalledIn(path.join(servicesDir, part))) {
      if (!declared.includes(called)) problems.push(`services/${part} calls ${called} (serviceUrl('${called}')) but does not declare it in signet.internalCalls`);
    }
  }
  const cycle = findCallCycle(graph);
  if (cycle) problems.push(`internal calls go round in a cycle: ${cycle.join(' -> ')}`);
  return { graph, problems };
}
