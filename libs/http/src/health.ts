export interface HealthReport {
  ok: boolean;
  checks: Record<string, string>;
}

/** Runs named checks; a check passes by resolving and fails by throwing (its message is reported). */
export async function runHealthChecks(checks: Record<string, () => Promise<void>>): Promise<HealthReport> {
  const entries = await Promise.all(Object.entries(checks).map(async ([name, check]) => {
    try {
      await check();
      return [name, 'ok'] as const;
    } catch (error) {
      return [name, error instanceof Error ? error.message : String(error)] as const;
    }
  }));
  return { ok: entries.every(([, status]) => status === 'ok'), checks: Object.fromEntries(entries) };
}
