/**
 * A nested object as the bracket-notation form Signet's envelope routes take: every leaf one field named
 * by its path, `{recipients: {ben: {email}}}` -> `recipients[ben][email]`. Booleans become TRUE/FALSE
 * (what the settings accept), numbers their decimal text; null and undefined are left out.
 */
export function toBracketForm(value: object): FormData {
  const form = new FormData();
  const add = (prefix: string, item: unknown): void => {
    if (item === null || item === undefined) return;
    if (typeof item === 'object') {
      for (const [key, child] of Object.entries(item as Record<string, unknown>)) add(prefix === '' ? key : `${prefix}[${key}]`, child);
      return;
    }
    form.append(prefix, typeof item === 'boolean' ? (item ? 'TRUE' : 'FALSE') : String(item));
  };
  add('', value);
  return form;
}
