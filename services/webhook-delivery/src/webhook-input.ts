import { FieldError, validationError } from '@signet/http';
import type { AddressPolicy } from '@signet/outbound';
import type { WebhookRow } from './model';
import type { RetrySchedule } from './retry-schedule';
import { parseSubscriptions } from './subscriptions';
import { checkWebhookUrl } from './webhook-url';

export interface WebhookFields {
  url?: string;
  subscriptions?: string;
  auth?: string | null;
  retry_schedule?: RetrySchedule;
}

export type CheckedFields = Partial<Pick<WebhookRow, 'url' | 'subscriptions' | 'auth' | 'retry_schedule'>>;

/** The checks a schema cannot make (event names, where the URL points); a 422 naming each problem. */
export function checkFields(fields: WebhookFields, policy: AddressPolicy): CheckedFields {
  const problems: FieldError[] = [];
  const checked: CheckedFields = {};
  if (fields.url !== undefined) {
    const problem = checkWebhookUrl(fields.url, policy);
    if (problem) problems.push(problem);
    else checked.url = fields.url;
  }
  if (fields.subscriptions !== undefined) {
    const parsed = parseSubscriptions(fields.subscriptions);
    if ('error' in parsed) problems.push(parsed.error);
    else checked.subscriptions = parsed.events;
  }
  if (fields.auth !== undefined) checked.auth = fields.auth;
  if (fields.retry_schedule !== undefined) checked.retry_schedule = fields.retry_schedule;
  if (problems.length > 0) throw validationError(problems);
  return checked;
}
