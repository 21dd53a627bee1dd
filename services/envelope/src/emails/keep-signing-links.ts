import { consumeOnce, type ConsumedEvent, type Subscription } from '@signet/bus';
import type { EmailDeps } from './email-deps';
import { sealText } from '@signet/http';

/**
 * Consumes recipient.link_generated, the one place the raw signing link exists, and keeps it encrypted
 * for the invitations, which may come much later (SEQUENTIAL turns). A group of its own, so that an
 * invitation waiting for its link never holds up the consumer that brings the link.
 */
export function keepSigningLinks(deps: EmailDeps): Subscription {
  async function handle({ event }: ConsumedEvent): Promise<void> {
    const data = event.data as { id: string; signing_url: string };
    await consumeOnce(deps.db, 'signing-links', event.id, async (trx) => {
      await deps.emails.saveSigningLink(trx, data.id, sealText(deps.keys.seal, data.signing_url, data.id), deps.clock());
    });
  }
  return { groupId: 'signet.envelope.signing-links', topics: ['recipient.link_generated'], handle };
}
