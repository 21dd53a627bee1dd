/** The seven parts `signet --target` can run; the order is the start order (gateway last). */
export const PART_NAMES = ['settings', 'envelope', 'upload', 'webhook-delivery', 'validation', 'evidence', 'gateway'] as const;

export type PartName = (typeof PART_NAMES)[number];

export function isPartName(name: string): name is PartName {
  return (PART_NAMES as readonly string[]).includes(name);
}

/** `webhook-delivery` -> `WEBHOOK_DELIVERY`, the prefix of its per-part variables. */
export function partEnvPrefix(part: PartName): string {
  return part.toUpperCase().replace(/-/g, '_');
}
