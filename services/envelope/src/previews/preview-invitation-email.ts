import type { RequestContext } from '@signet/http';
import { composeLifecycleMail } from '../emails/compose-lifecycle-mail';
import type { EnvelopeDeps } from '../envelope-deps';
import { type Preview, PREVIEW_SAMPLE, previewLanguage, previewPolicy } from './preview-sample';

/**
 * GET /api/v1/settings/preview/invitation_email: the HTML of the invitation a signer of the calling key's
 * next envelope would get (branding, colour, language, sender), to the sample recipient: its button goes
 * nowhere and it has no tracking pixel. Its styles are inline, as every email's.
 */
export async function previewInvitationEmail(deps: Pick<EnvelopeDeps, 'settings' | 'config'>, input: { context: RequestContext; query: unknown }): Promise<Preview> {
  const settings = await deps.settings.effective(input.context, undefined);
  const message = composeLifecycleMail({
    kind: 'INVITATION',
    to: PREVIEW_SAMPLE.recipientEmail,
    values: { recipientName: PREVIEW_SAMPLE.recipientName, envelopeName: PREVIEW_SAMPLE.envelopeName, role: 'SIGNER' },
    settings,
    language: previewLanguage(input.query, settings),
    defaultFrom: deps.config.mailFrom,
    actionUrl: '#',
    bounceToken: ''
  });
  return { html: message.html, contentSecurityPolicy: previewPolicy({ style: "'unsafe-inline'" }) };
}
