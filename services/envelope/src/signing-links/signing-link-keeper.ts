import type { Knex } from 'knex';
import { openText, sealText } from '@signet/http';
import type { EmailStore } from '../emails/email-store';

/**
 * Keeps each recipient's current signing link, encrypted, in the transaction that issues it: the
 * database holds only a token's hash, and the raw link is needed again for invitations sent later
 * (SEQUENTIAL turns), for email click-throughs and for the signing_url route.
 */
export function signingLinkKeeper(emails: EmailStore, sealKey: Buffer) {
  return {
    async keep(trx: Knex.Transaction, recipientId: string, url: string, now: Date): Promise<void> {
      await emails.saveSigningLink(trx, recipientId, sealText(sealKey, url, recipientId), now);
    },

    async current(db: Knex | Knex.Transaction, recipientId: string): Promise<string | null> {
      const sealed = await emails.signingLink(db, recipientId);
      return sealed === null ? null : openText(sealKey, sealed, recipientId);
    }
  };
}

export type SigningLinkKeeper = ReturnType<typeof signingLinkKeeper>;
