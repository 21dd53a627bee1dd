/** `2026-11-21 10:45 UTC`: read by people in either language, unambiguous about the zone. */
export function readableTime(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
