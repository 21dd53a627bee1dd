/**
 * A nested object as bracket-notation form fields: `{recipients: {ben: {email: 'b@x'}}}` becomes
 * `{'recipients[ben][email]': 'b@x'}`. Every leaf becomes a string (a form has no other type).
 */
export function bracketFields(value: unknown, prefix = ''): Record<string, string> {
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object') return { [prefix]: String(value) };
  const fields: Record<string, string> = {};
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    Object.assign(fields, bracketFields(child, prefix === '' ? key : `${prefix}[${key}]`));
  }
  return fields;
}
