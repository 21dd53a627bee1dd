import type { Knex } from 'knex';
import type { Clock } from '@signet/service';
import type { ValidationKeys } from './secret-keys';
import type { ValidationJobs } from './validation-jobs';
import type { CodeStore } from './store/code-store';
import type { MailStore } from './store/mail-store';
import type { SmsStore } from './store/sms-store';
import type { SmsGuardConfig } from './sms/sms-guard';
import type { IdentityStore } from './identity/identity-store';

/** What the validation use cases share. */
export interface ValidationDeps {
  db: Knex;
  codes: CodeStore;
  mails: MailStore;
  sms: SmsStore;
  identity: IdentityStore;
  keys: ValidationKeys;
  jobs: ValidationJobs;
  clock: Clock;
  /** MAIL_FROM: the sender when the settings name none. */
  mailFrom: string;
  /** The operator's SMS allow-list and per-tenant daily cap. */
  smsGuard: SmsGuardConfig;
  /** Events were just committed: the outbox relay should look now. */
  committed(): void;
}
