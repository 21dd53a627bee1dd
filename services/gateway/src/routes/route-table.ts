import type { PartName } from '@signet/config';
import type { RateLimitBucketName } from '../rate-limit/plan-limits';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

export interface Route {
  method: HttpMethod;
  /** Express path pattern (under /api/v1; public routes under /signing/v1 and /sign); the owning service serves the same path. */
  path: string;
  service: PartName;
  /** Name of the rate-limit bucket the gateway applies before proxying, if any. */
  rateLimit?: RateLimitBucketName;
  /** The owning part counts the key's plan limit on it (envelope creation; documented with X-RateLimit-*). */
  planLimited?: true;
}

/** Every public API route and the part that owns it. The gateway holds no business logic beyond this. */
export const ROUTES: readonly Route[] = [
  { method: 'get', path: '/api/v1/settings', service: 'settings' },
  { method: 'put', path: '/api/v1/settings', service: 'settings' },
  // The envelope part renders the signer page and the emails, so it previews them with the key's settings.
  { method: 'get', path: '/api/v1/settings/preview/signer_page', service: 'envelope' },
  { method: 'get', path: '/api/v1/settings/preview/invitation_email', service: 'envelope' },
  { method: 'post', path: '/api/v1/envelopes', service: 'envelope', planLimited: true },
  { method: 'get', path: '/api/v1/envelopes', service: 'envelope' },
  { method: 'get', path: '/api/v1/envelopes/:id', service: 'envelope' },
  { method: 'put', path: '/api/v1/envelopes/:id', service: 'envelope' },
  { method: 'post', path: '/api/v1/envelopes/:id/send_invitation', service: 'envelope' },
  { method: 'put', path: '/api/v1/envelopes/:id/void', service: 'envelope' },
  { method: 'post', path: '/api/v1/envelopes/:id/recipients/:recipient_id/signing_url', service: 'envelope' },
  { method: 'post', path: '/api/v1/envelopes/:id/extend', service: 'envelope' },
  { method: 'post', path: '/api/v1/envelopes/:id/recipients/:recipient_id/remind', service: 'envelope' },
  { method: 'get', path: '/api/v1/envelopes/:id/evidence', service: 'evidence' },
  { method: 'get', path: '/api/v1/envelopes/:id/timeline', service: 'evidence' },
  { method: 'get', path: '/api/v1/seal/certificates', service: 'envelope' },
  { method: 'post', path: '/api/v1/signature-reports', service: 'envelope', rateLimit: 'signature_report.create' },
  { method: 'post', path: '/api/v1/envelopes/:envelope_id/uploads', service: 'upload' },
  { method: 'get', path: '/api/v1/envelopes/:envelope_id/uploads', service: 'upload' },
  { method: 'get', path: '/api/v1/envelopes/:envelope_id/uploads/:id', service: 'upload' },
  { method: 'put', path: '/api/v1/uploads/:token', service: 'upload' },
  { method: 'post', path: '/api/v1/envelopes/:envelope_id/recipients/:recipient_id/validations/send_code', service: 'envelope' },
  { method: 'post', path: '/api/v1/envelopes/:envelope_id/recipients/:recipient_id/validations/verify_code', service: 'envelope' },
  { method: 'get', path: '/api/v1/envelopes/:envelope_id/recipients/:recipient_id/identity', service: 'envelope' },
  { method: 'post', path: '/api/v1/envelopes/:envelope_id/recipients/:recipient_id/identity/reset', service: 'envelope' },
  { method: 'post', path: '/api/v1/envelopes/:envelope_id/recipients/:recipient_id/identity/approve', service: 'envelope' },
  { method: 'post', path: '/api/v1/envelopes/:envelope_id/recipients/:recipient_id/identity/assertion', service: 'envelope' },
  { method: 'post', path: '/api/v1/envelopes/:envelope_id/recipients/:recipient_id/identity/redact', service: 'envelope' },
  { method: 'post', path: '/api/v1/batches', service: 'envelope' },
  { method: 'get', path: '/api/v1/batches', service: 'envelope' },
  { method: 'get', path: '/api/v1/batches/:id', service: 'envelope' },
  { method: 'post', path: '/api/v1/templates', service: 'envelope' },
  { method: 'get', path: '/api/v1/templates', service: 'envelope' },
  { method: 'get', path: '/api/v1/templates/:id', service: 'envelope' },
  { method: 'put', path: '/api/v1/templates/:id', service: 'envelope' },
  { method: 'delete', path: '/api/v1/templates/:id', service: 'envelope' },
  { method: 'post', path: '/api/v1/templates/:id/envelopes', service: 'envelope', planLimited: true },
  { method: 'post', path: '/api/v1/webhooks', service: 'webhook-delivery' },
  { method: 'get', path: '/api/v1/webhooks', service: 'webhook-delivery' },
  { method: 'get', path: '/api/v1/webhooks/:id', service: 'webhook-delivery' },
  { method: 'put', path: '/api/v1/webhooks/:id', service: 'webhook-delivery' },
  { method: 'delete', path: '/api/v1/webhooks/:id', service: 'webhook-delivery' },
  { method: 'get', path: '/api/v1/webhooks/:id/deliveries', service: 'webhook-delivery' },
  { method: 'get', path: '/api/v1/webhooks/:id/deliveries/:delivery_id', service: 'webhook-delivery' },
  { method: 'post', path: '/api/v1/webhooks/:id/deliveries/:delivery_id/redeliver', service: 'webhook-delivery' },
  { method: 'post', path: '/api/v1/webhooks/:id/rotate_secret', service: 'webhook-delivery' },
  { method: 'post', path: '/api/v1/webhooks/:id/test', service: 'webhook-delivery' },
  { method: 'get', path: '/api/v1/dead_letters', service: 'webhook-delivery' },
  { method: 'post', path: '/api/v1/dead_letters/:id/retry', service: 'webhook-delivery' }
];
