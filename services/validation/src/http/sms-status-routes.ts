import express, { type Express } from 'express';
import { AppError } from '@signet/http';
import { receiveSmsStatus, type SmsStatusDeps } from '../sms/receive-sms-status';

const FORM = 'application/x-www-form-urlencoded';

/**
 * POST /sms/v1/status (public, through the gateway, no API key; the provider's signature is the
 * credential): its delivery reports, form-encoded, read as text so the fields keep their order and repeats.
 */
export function smsStatusRoutes(router: Express, deps: SmsStatusDeps): void {
  router.post('/sms/v1/status', express.text({ type: FORM, limit: '16kb' }), async (req, res) => {
    if (!req.is(FORM)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the report as ${FORM}, as the SMS provider does`);
    const signature = req.headers['x-twilio-signature'];
    await receiveSmsStatus(deps, {
      fields: [...new URLSearchParams(typeof req.body === 'string' ? req.body : '')],
      signature: typeof signature === 'string' ? signature : undefined
    });
    res.json({ success: true });
  });
}
