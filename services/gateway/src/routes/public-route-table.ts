import type { Route } from './route-table';

export interface PublicRoute extends Omit<Route, 'rateLimit' | 'planLimited'> {
  /** Static files, the same for everyone, skip the per-address limit: a page load fetches several. */
  unlimited?: true;
}

/**
 * Routes served without an API key: the signing link's token (or a provider's signature) is the
 * credential, and the owning service resolves the tenant from it. Proxied with an empty tenant and key,
 * behind a per-address limit.
 */
export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  { method: 'get', path: '/signing/v1/:token', service: 'envelope' },
  { method: 'post', path: '/signing/v1/:token/sign', service: 'envelope' },
  { method: 'post', path: '/signing/v1/:token/fields/preview', service: 'envelope' },
  { method: 'post', path: '/signing/v1/:token/reject', service: 'envelope' },
  { method: 'post', path: '/signing/v1/:token/attachments', service: 'envelope' },
  { method: 'get', path: '/signing/v1/:token/consent/document', service: 'envelope' },
  { method: 'post', path: '/signing/v1/:token/consent', service: 'envelope' },
  { method: 'post', path: '/signing/v1/:token/consent/withdraw', service: 'envelope' },
  { method: 'get', path: '/email/v1/pixels/:token', service: 'envelope' },
  { method: 'get', path: '/email/v1/links/:token', service: 'envelope' },
  { method: 'post', path: '/email/v1/bounces', service: 'envelope' },
  { method: 'get', path: '/signing/v1/:token/documents/:document_id', service: 'envelope' },
  { method: 'post', path: '/signing/v1/:token/validation/send_code', service: 'envelope' },
  { method: 'post', path: '/signing/v1/:token/validation/verify_code', service: 'envelope' },
  { method: 'post', path: '/signing/v1/:token/identity/consent', service: 'envelope' },
  { method: 'post', path: '/signing/v1/:token/identity/document', service: 'envelope' },
  { method: 'post', path: '/signing/v1/:token/identity/selfie/challenge', service: 'envelope' },
  { method: 'post', path: '/signing/v1/:token/identity/selfie', service: 'envelope' },
  { method: 'post', path: '/signing/v1/:token/identity/session', service: 'envelope' },
  // Stripe Identity's webhooks: its Stripe-Signature is the credential, checked by the validation part.
  { method: 'post', path: '/identity/v1/stripe/webhook', service: 'validation' },
  // The SMS provider's delivery reports: its X-Twilio-Signature is the credential, checked by the validation part.
  { method: 'post', path: '/sms/v1/status', service: 'validation' },
  // The signer page and its static files: the page is what a recipient's link opens.
  { method: 'get', path: '/sign/assets/:file', service: 'envelope', unlimited: true },
  { method: 'get', path: '/sign/accent/:file', service: 'envelope', unlimited: true },
  { method: 'get', path: '/sign/:token', service: 'envelope' },
  // The development CA's and the signer CA's CRLs: revocation data is public by nature, and validators fetch it without a key.
  { method: 'get', path: '/pki/signet-dev-ca.crl', service: 'envelope', unlimited: true },
  { method: 'get', path: '/pki/signet-signer-ca.crl', service: 'envelope', unlimited: true }
];
