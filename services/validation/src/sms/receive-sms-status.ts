import type { Knex } from 'knex';
import { SmsStatusCallback } from '@signet/contracts';
import { AppError, parseWith } from '@signet/http';
import type { Logger } from '@signet/log';
import { countSmsDelivery } from '@signet/metrics';
import { type FormFields, isTwilioSignature } from '@signet/sms';
import type { SmsStore } from '../store/sms-store';
import { advancedStatus, isFinalStatus } from './delivery-status';

/** Where the provider's reports come from: its auth token signs them, for the URL it was given. */
export interface SmsReports {
  authToken: string;
  callbackUrl: string;
}

export interface SmsStatusDeps {
  db: Knex;
  sms: SmsStore;
  log: Logger;
  /** Null: no SMS_STATUS_CALLBACK_URL, so no provider was asked to report. */
  reports: SmsReports | null;
}

/** Applies one report to the message it names, under the message's lock; a status only moves forward. */
async function recordReport(deps: SmsStatusDeps, report: SmsStatusCallback): Promise<void> {
  const recorded = await deps.db.transaction(async (trx) => {
    const row = await deps.sms.lockByProviderId(trx, report.MessageSid);
    if (row === null) throw new AppError('NOT_FOUND', 'No SMS with this MessageSid');
    const status = advancedStatus(row.provider_status, report.MessageStatus);
    if (status === null) return null;
    const error = report.ErrorCode ? `SMS provider reported ${status} (error ${report.ErrorCode})` : null;
    await deps.sms.recordProviderStatus(trx, row.id, status, error);
    return { row, status };
  });
  if (recorded === null || !isFinalStatus(recorded.status)) return;
  countSmsDelivery(recorded.status);
  const { row, status } = recorded;
  // Ids, country and the provider's error code only: the report also carries the phone number, never logged.
  if (status !== 'delivered') deps.log.warn({ sms_id: row.id, code_id: row.code_id, country: row.country, provider_status: status, provider_error: report.ErrorCode ?? null }, 'a code SMS was not delivered');
}

export interface SmsStatusReport {
  /** The fields exactly as sent (order and repeats kept): the signature covers every one of them. */
  fields: FormFields;
  /** X-Twilio-Signature, as sent. */
  signature: string | undefined;
}

/**
 * The SMS provider's delivery report of a code SMS (Twilio's status callback to SMS_STATUS_CALLBACK_URL).
 * Its signature must sign the configured URL and every field with SMS_AUTH_TOKEN, else FORBIDDEN and
 * nothing changes. The status of the SMS with that MessageSid moves forward only: repeats and late
 * reports change nothing, and the first final status (delivered, undelivered, failed, canceled) stays.
 */
export async function receiveSmsStatus(deps: SmsStatusDeps, report: SmsStatusReport): Promise<void> {
  if (deps.reports === null) throw new AppError('NOT_FOUND', 'SMS delivery reports are not taken here (SMS_STATUS_CALLBACK_URL is not set)');
  const { signature, fields } = report;
  if (signature === undefined || !isTwilioSignature(deps.reports.authToken, signature, deps.reports.callbackUrl, fields)) {
    throw new AppError('FORBIDDEN', 'X-Twilio-Signature does not sign this report for SMS_STATUS_CALLBACK_URL with the SMS provider\'s auth token');
  }
  await recordReport(deps, parseWith(SmsStatusCallback, Object.fromEntries(fields)));
}
