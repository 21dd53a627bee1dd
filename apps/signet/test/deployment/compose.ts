import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

export const REPO_ROOT = path.join(__dirname, '..', '..', '..', '..');

/** The parts of a Compose service these checks read. */
export interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string | string[];
  entrypoint?: string | string[];
  environment?: Record<string, string | number | boolean | null> | string[];
  healthcheck?: { test?: string | string[] };
  depends_on?: string[] | Record<string, { condition?: string }>;
  ports?: Array<string | { target: number; published?: string | number }>;
  volumes?: Array<string | { source?: string; target: string }>;
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
}

export function loadCompose(): ComposeFile {
  // Compose resolves `<<:` merge keys (YAML 1.1); the yaml package does when asked.
  return parse(readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as ComposeFile;
}

/** Services built from this repository's Dockerfile: the ones that run `signet`. */
export function signetServices(compose: ComposeFile): Array<[string, ComposeService]> {
  return Object.entries(compose.services).filter(([, service]) => service.build !== undefined);
}

function words(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : value.split(/\s+/).filter(Boolean);
}

/** The value of `--target`, or the image's default (`all`) when the command names none. */
export function targetOf(service: ComposeService): string {
  const argument = words(service.command).find((word) => word.startsWith('--target='));
  return argument ? argument.slice('--target='.length) : 'all';
}

/** Both of Compose's environment forms (`KEY: value` and `- KEY=value`) as one record. */
export function environmentOf(service: ComposeService): Record<string, string> {
  const environment = service.environment ?? {};
  const entries = Array.isArray(environment)
    ? environment.map((entry) => [entry.split('=')[0] as string, entry.slice(entry.indexOf('=') + 1)])
    : Object.entries(environment).map(([name, value]) => [name, value === null ? '' : String(value)]);
  return Object.fromEntries(entries);
}

export function dependencyConditions(service: ComposeService): Record<string, string | undefined> {
  const dependsOn = service.depends_on ?? {};
  if (Array.isArray(dependsOn)) return Object.fromEntries(dependsOn.map((name) => [name, undefined]));
  return Object.fromEntries(Object.entries(dependsOn).map(([name, { condition }]) => [name, condition]));
}

export function commandLine(value: string | string[] | undefined): string {
  return words(value).join(' ');
}
