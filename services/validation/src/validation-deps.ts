import type { Knex } from 'knex';
import type { Clock } from '@signet/service';
import type { EnvelopeClient } from './envelope-client';
import type { ValidationKeys } from './secret-keys';
import type { CodeStore } from './store/code-store';
import type { MailStore } from './store/mail-store';

/** What the validation use cases share. */
export interface ValidationDeps {
  db: Knex;
  codes: CodeStore;
  mails: MailStore;
  envelopes: EnvelopeClient;
  keys: ValidationKeys;
  clock: Clock;
  /** MAIL_FROM: the sender when the settings name none. */
  mailFrom: string;
  /** Events or a mail were just committed: the outbox relay and the mail worker should look now. */
  committed(): void;
}
