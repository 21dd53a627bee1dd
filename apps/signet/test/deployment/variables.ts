import { CONFIG_VARIABLES, PART_NAMES, PartName, partEnvPrefix } from '@signet/config';

/** Set by the image (Dockerfile) for Node and its libraries, not read by the configuration. */
const RUNTIME_VARIABLES = ['NODE_ENV'];

/** Values nobody may read in a deployment's plain configuration. */
export const SECRET_VARIABLES = ['DATABASE_URL', 'SIGNET_INTERNAL_SECRET', 'SIGNET_BOOTSTRAP_API_KEYS', 'S3_SECRET_ACCESS_KEY', 'SMTP_URL', 'SIGNET_SEAL_P12', 'SIGNET_SEAL_PASSPHRASE', 'SIGNET_SIGNER_CA_P12', 'SIGNET_SIGNER_CA_PASSPHRASE', 'SMS_AUTH_TOKEN', 'TSA_PASSWORD', 'SIGNET_SEAL_PKCS11_PIN', 'IDENTITY_IMAGE_KEYS', 'STRIPE_IDENTITY_SECRET_KEY', 'STRIPE_IDENTITY_WEBHOOK_SECRET', 'SIGNET_CSC_CLIENT_SECRET'];

const PER_PART = /^<PART>_([A-Z_]+)$/;

/** `<PART>_URL` -> `URL`, or null for a plain variable. */
function perPartSuffix(name: string): string | null {
  return PER_PART.exec(name)?.[1] ?? null;
}

export function partVariable(part: PartName, suffix: string): string {
  return `${partEnvPrefix(part)}_${suffix}`;
}

/** Every variable a deployment may set: what the configuration reads (patterns expanded for every part). */
export function readableVariables(): Set<string> {
  const names = new Set(RUNTIME_VARIABLES);
  for (const { name } of CONFIG_VARIABLES) {
    const suffix = perPartSuffix(name);
    if (suffix === null) names.add(name);
    else for (const part of PART_NAMES) names.add(partVariable(part, suffix));
  }
  return names;
}

/**
 * What a Kubernetes deployment must define for the parts this build runs, one part per pod: every plain
 * variable (so operators see each setting), and `<PART>_URL` for every part but the gateway (how the
 * gateway and the other parts reach it). `<PART>_PORT` serves processes running several parts; a pod
 * runs one, on PORT.
 */
export function variablesToDefine(parts: readonly PartName[]): string[] {
  return CONFIG_VARIABLES.flatMap(({ name }) => {
    const suffix = perPartSuffix(name);
    if (suffix === null) return [name];
    if (suffix === 'URL') return parts.filter((part) => part !== 'gateway').map((part) => partVariable(part, suffix));
    if (suffix === 'PORT') return [];
    throw new Error(`The deployment checks do not know where ${name} belongs: decide, and teach variables.ts`);
  });
}
