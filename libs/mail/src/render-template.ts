import { escapeHtml } from './escape-html';

const placeholder = /\{\{\s*([A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*)\s*\}\}/g;

/**
 * Fills `{{name}}` placeholders (`{{ recipient.name }}` too). In html mode the values are escaped, the
 * template itself is not: it is the tenant's own markup. An unknown name stays as written, since
 * templates are validated when saved and a visible placeholder beats a silently empty one.
 */
export function renderTemplate(template: string, variables: Record<string, string>, mode: 'text' | 'html'): string {
  return template.replace(placeholder, (whole: string, name: string) => {
    if (!Object.hasOwn(variables, name)) return whole;
    const value = variables[name] ?? '';
    return mode === 'html' ? escapeHtml(value) : value;
  });
}
