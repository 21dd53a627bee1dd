import type { Mailer } from '@signet/mail';
import type { Logger } from '@signet/log';
import type { EnvelopeDeps } from '../envelope-deps';
import type { EmailKeys } from './email-keys';
import type { EmailStore } from './email-store';

/** What the lifecycle emails share, on top of the envelope use cases' dependencies. */
export interface EmailDeps extends EnvelopeDeps {
  emails: EmailStore;
  keys: EmailKeys;
  mailer: Mailer;
  log: Logger;
}
