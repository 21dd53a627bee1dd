import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { REPO_ROOT } from './compose';

export type Labels = Record<string, string>;

/** The fields of Kubernetes objects these checks read; kubernetes-models checks the full schemas. */
export interface KubernetesObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Labels };
  data?: Record<string, string>;
  // Each check reads the spec of the kinds it knows.
  spec?: any;
}

export interface Probe {
  httpGet?: { path: string; port: string | number };
}

export interface Container {
  name: string;
  image: string;
  args?: string[];
  env?: Array<{ name: string }>;
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  resources?: { requests?: Labels; limits?: Labels };
  securityContext?: { readOnlyRootFilesystem?: boolean; allowPrivilegeEscalation?: boolean };
  volumeMounts?: Array<{ name: string; mountPath: string }>;
  ports?: Array<{ name?: string; containerPort: number }>;
}

export const OVERLAYS_DIR = path.join(REPO_ROOT, 'k8s', 'overlays');

export function overlayNames(): string[] {
  return readdirSync(OVERLAYS_DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
}

/** The kustomize binary deploy/tools/ensure-kustomize.sh provides (fetched on first use). */
export function ensureKustomize(): string {
  try {
    return execFileSync('sh', [path.join(REPO_ROOT, 'deploy', 'tools', 'ensure-kustomize.sh')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  } catch (error) {
    throw new Error((error as { stderr?: string }).stderr?.trim() || String(error));
  }
}

export function kustomizeBuild(kustomize: string, dir: string): KubernetesObject[] {
  const output = execFileSync(kustomize, ['build', dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return parseAllDocuments(output).map((document) => document.toJS() as KubernetesObject);
}

/** Problems found by validating each object against the Kubernetes schemas, one line each. */
export function schemaProblems(objects: readonly KubernetesObject[]): string[] {
  // kubernetes-models is an ES module: it runs in a plain Node process rather than in jest's module system.
  const output = execFileSync(process.execPath, [path.join(__dirname, 'validate-schemas.mjs')], {
    input: JSON.stringify(objects),
    encoding: 'utf8'
  });
  return JSON.parse(output) as string[];
}

export function ofKind(objects: readonly KubernetesObject[], kind: string): KubernetesObject[] {
  return objects.filter((object) => object.kind === kind);
}

export function named(objects: readonly KubernetesObject[], kind: string, name: string): KubernetesObject {
  const found = objects.find((object) => object.kind === kind && object.metadata.name === name);
  if (!found) throw new Error(`No ${kind} named ${name}`);
  return found;
}

/** Whether a label selector (`matchLabels` or a Service's plain map) selects pods with these labels. */
export function selects(selector: Labels | undefined, podLabels: Labels): boolean {
  return selector !== undefined && Object.entries(selector).every(([key, value]) => podLabels[key] === value);
}
