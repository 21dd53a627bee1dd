import { unwrap } from './errors';
import type { operations } from './generated/openapi';
import type { MethodContext } from './methods';

/** The language to preview in (EN, ES, ... AR); without it, the key's own `signature_flow.language`. */
export type PreviewOptions = NonNullable<operations['previewSignerPage']['parameters']['query']>;

/**
 * `client.settings`: what signers see with the key's settings as saved now, as HTML filled with a sample
 * envelope (nothing in it works and no script runs). Show it in a sandboxed iframe: `srcdoc`, or a blob: URL.
 */
export function settingsPreviewMethods({ api }: MethodContext) {
  return {
    settings: {
      /** The signer page (logo, branding name and colour, language, signature types). */
      async previewSignerPage(options: PreviewOptions = {}): Promise<string> {
        return unwrap(await api.GET('/api/v1/settings/preview/signer_page', { params: { query: options }, parseAs: 'text' }));
      },
      /** The invitation email's HTML (logo when https, branding name and colour, language, sender). */
      async previewInvitationEmail(options: PreviewOptions = {}): Promise<string> {
        return unwrap(await api.GET('/api/v1/settings/preview/invitation_email', { params: { query: options }, parseAs: 'text' }));
      }
    }
  };
}
