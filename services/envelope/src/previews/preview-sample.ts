import { type Settings, SettingsPreviewQuery } from '@signet/contracts';
import { parseWith } from '@signet/http';

/** The sample envelope and recipient the previews are filled with. */
export const PREVIEW_SAMPLE = { envelopeName: 'Sample agreement', recipientName: 'Ana Lima', recipientEmail: 'ana.lima@example.com' } as const;

/** A rendered preview and the Content-Security-Policy it is served under (its own: it allows what it uses, no script). */
export interface Preview {
  html: string;
  contentSecurityPolicy: string;
}

/** The language a preview is shown in: the one asked for (422 for any other value), else the key's own. */
export function previewLanguage(query: unknown, settings: Settings): string {
  return parseWith(SettingsPreviewQuery, query).language ?? settings.signature_flow.language;
}

/**
 * Sandboxed without scripts (nothing in a preview runs, whatever its settings hold), nothing loaded but
 * what `sources` allows and the logo (a data: or https URL), framed only by Signet's own pages.
 */
export function previewPolicy(sources: { style: string; font?: string }): string {
  return [
    'sandbox', "default-src 'none'", `style-src ${sources.style}`, ...(sources.font ? [`font-src ${sources.font}`] : []),
    'img-src data: https:', "base-uri 'none'", "form-action 'none'", "frame-ancestors 'self'"
  ].join('; ');
}
