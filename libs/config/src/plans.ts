export const PLANS = ['starter', 'professional', 'enterprise'] as const;

export type Plan = (typeof PLANS)[number];

export function isPlan(value: string): value is Plan {
  return (PLANS as readonly string[]).includes(value);
}
