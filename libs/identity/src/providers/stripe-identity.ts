import Stripe from 'stripe';
import {
  ProviderSignatureError,
  type DocumentKind,
  type DocumentSummary,
  type ProviderResult,
  type ProviderSession,
  type ProviderSessionRequest,
  type ProviderSessionStatus,
  type ProviderVerifier,
  type ProviderWebhook,
  type ReasonCode
} from '../types';
import { alpha3FromAlpha2 } from './country-codes';

/** Stripe's own address; STRIPE_API_BASE replaces it (a stand-in in tests). */
export const STRIPE_DEFAULT_API_BASE = 'https://api.stripe.com';
/** One request's limit, retries apart (the package's default is 80 s, long for a webhook's handler). */
export const STRIPE_REQUEST_TIMEOUT_MS = 20_000;
/**
 * The package's default for Node, written out so that an upgrade cannot change it unseen: a connection
 * error, a 409, a 5xx or `Stripe-Should-Retry: true` is retried twice, with backoff from 0.5 s to 5 s and the
 * same Idempotency-Key on a POST. The package also retries a closed connection once on its own.
 */
export const STRIPE_MAX_NETWORK_RETRIES = 2;
/** How old a webhook's signed timestamp may be, in seconds: the package's default, and Stripe's advice. */
export const STRIPE_WEBHOOK_TOLERANCE_S = 300;

/**
 * What fetchResult asks Stripe to include. The document's number and expiry are "sensitive verification
 * results": Stripe leaves them out unless expanded by name, and gives them only to a restricted key with
 * the "Access recent sensitive verification results" permission (see the README).
 */
export const STRIPE_RESULT_EXPANSIONS = [
  'verified_outputs',
  'last_verification_report',
  'last_verification_report.document.number',
  'last_verification_report.document.expiration_date'
] as const;

export interface StripeIdentityOptions {
  /** STRIPE_IDENTITY_SECRET_KEY: a restricted key (rk_...) with the permissions the README lists. */
  secretKey: string;
  /** STRIPE_IDENTITY_WEBHOOK_SECRET: the endpoint's signing secret (whsec_...). */
  webhookSecret: string;
  /** STRIPE_API_BASE: an origin, https (http only on loopback); Stripe's by default. */
  apiBase?: string;
  /** The fetch the package's HTTP client uses; the global one by default. */
  fetch?: typeof fetch;
  /** Signet's clock (milliseconds since the epoch), which a webhook's age is measured by; Date.now by default. */
  now?: () => number;
}

/**
 * A webhook whose signature verifies but that is not about a verification session (Stripe sends every
 * type an endpoint subscribes to). Not a forgery: the caller acknowledges it (2xx) and does nothing.
 */
export class UnhandledProviderEventError extends Error {
  constructor(
    readonly eventId: string,
    readonly type: string
  ) {
    super(`Stripe event ${eventId} of type ${type} is not an identity.verification_session event`);
    this.name = 'UnhandledProviderEventError';
  }
}

const STRIPE_DOCUMENT_TYPES: Record<DocumentKind, 'passport' | 'id_card' | 'driving_license'> = {
  PASSPORT: 'passport',
  ID_CARD: 'id_card',
  DRIVING_LICENCE: 'driving_license'
};

const KIND_BY_STRIPE_TYPE: Record<string, DocumentKind> = {
  passport: 'PASSPORT',
  id_card: 'ID_CARD',
  driving_license: 'DRIVING_LICENCE'
};

const STATUS_BY_STRIPE_STATUS: Record<string, ProviderSessionStatus> = {
  requires_input: 'REQUIRES_INPUT',
  processing: 'PROCESSING',
  verified: 'VERIFIED',
  canceled: 'CANCELED'
};

/**
 * Stripe's `last_error.code` as Signet's reasons. Every other code (consent_declined, abandoned,
 * country_not_supported, device_not_supported, under_supported_age, and codes Stripe adds later) is
 * PROVIDER_REJECTED; the code itself is kept beside the reason as provider_code.
 */
const REASON_BY_STRIPE_CODE: Record<string, ReasonCode> = {
  document_expired: 'DOCUMENT_EXPIRED',
  document_type_not_supported: 'DOCUMENT_KIND_NOT_ALLOWED',
  document_unverified_other: 'DOCUMENT_UNREADABLE',
  // Not in the package's list of codes today; mapped so that it means what it says if Stripe sends it.
  document_manipulated: 'DOCUMENT_UNREADABLE',
  selfie_face_mismatch: 'FACE_MISMATCH',
  selfie_document_missing_photo: 'PORTRAIT_NOT_FOUND',
  selfie_unverified_other: 'SPOOF_SUSPECTED',
  selfie_manipulated: 'SPOOF_SUSPECTED'
};

/** The reason of a Stripe `last_error.code`. */
export function reasonOfStripeCode(code: string): ReasonCode {
  return REASON_BY_STRIPE_CODE[code] ?? 'PROVIDER_REJECTED';
}

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]']);
const isLoopback = (hostname: string): boolean => LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);

/** The package's host, port and protocol of an API base given as an origin. */
export function stripeAddressOf(apiBase: string): { host: string; port: number; protocol: 'http' | 'https' } {
  let url: URL;
  try {
    url = new URL(apiBase);
  } catch {
    throw new Error(`STRIPE_API_BASE is not a URL: ${apiBase}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`STRIPE_API_BASE must be http(s): ${apiBase}`);
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw new Error(`STRIPE_API_BASE must be an origin alone (scheme, host, port): ${apiBase}`);
  }
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  // The key goes in every request's Authorization header: never in clear over a network.
  if (protocol === 'http' && !isLoopback(url.hostname)) throw new Error(`STRIPE_API_BASE may use http only on loopback: ${apiBase}`);
  const port = url.port === '' ? (protocol === 'https' ? 443 : 80) : Number(url.port);
  return { host: url.hostname, port, protocol };
}

/** The last 3 characters of the number, the rest as '*' (spaces dropped first). */
export function maskDocumentNumber(number: string): string {
  const compact = number.replace(/\s+/g, '');
  const shown = Math.min(3, compact.length);
  return '*'.repeat(compact.length - shown) + compact.slice(compact.length - shown);
}

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

function dateOf(date: { day: number | null; month: number | null; year: number | null } | null | undefined): string | null {
  if (!date || date.day === null || date.month === null || date.year === null) return null;
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

type Session = Stripe.Identity.VerificationSession;
type Report = Stripe.Identity.VerificationReport;

const nonEmpty = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

function nameOf(session: Session): ProviderResult['name'] {
  const outputs = session.verified_outputs;
  if (!outputs || !nonEmpty(outputs.last_name)) return null;
  return { surname: outputs.last_name.trim(), givenNames: nonEmpty(outputs.first_name) ? outputs.first_name.trim() : '' };
}

/**
 * The document, masked, or null when Stripe did not give all of it: kind, issuing country (a code the
 * table knows), number and expiry (the last two only to a key allowed sensitive results, see the README).
 */
function documentOf(report: Report | null): DocumentSummary | null {
  const document = report?.document;
  if (!document) return null;
  const kind = document.type === null ? undefined : KIND_BY_STRIPE_TYPE[document.type];
  const country = nonEmpty(document.issuing_country) ? alpha3FromAlpha2(document.issuing_country) : null;
  const number = nonEmpty(document.number) ? document.number : null;
  const expiresOn = dateOf(document.expiration_date);
  if (kind === undefined || country === null || number === null || expiresOn === null) return null;
  return { kind, country, number_masked: maskDocumentNumber(number), expires_on: expiresOn, read_from: 'PROVIDER' };
}

function selfieMatchedOf(report: Report | null): boolean | null {
  const status = report?.selfie?.status;
  if (status === 'verified') return true;
  if (status === 'unverified') return false;
  return null;
}

function headerOf(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    if (Array.isArray(value)) return value.length === 1 ? value[0] : undefined;
    return value;
  }
  return undefined;
}

/** The first line of the package's message: the rest is advice for a developer, not for a log. */
const firstLine = (message: string): string => message.split('\n')[0]?.trim() ?? '';

/**
 * Stripe Identity behind Signet's ProviderVerifier, on the official `stripe` package: a document session
 * on Stripe's hosted page, its signed webhooks, its result (status, reasons, masked document) and its
 * redaction.
 */
export function createStripeIdentityVerifier(options: StripeIdentityOptions): ProviderVerifier {
  if (!nonEmpty(options.secretKey)) throw new Error('Stripe Identity needs a secret key (STRIPE_IDENTITY_SECRET_KEY)');
  if (!nonEmpty(options.webhookSecret)) throw new Error('Stripe Identity needs a webhook secret (STRIPE_IDENTITY_WEBHOOK_SECRET)');
  const { host, port, protocol } = stripeAddressOf(options.apiBase ?? STRIPE_DEFAULT_API_BASE);
  const now = options.now ?? Date.now;
  const webhookSecret = options.webhookSecret;
  const stripe = new Stripe(options.secretKey, {
    host,
    port,
    protocol,
    httpClient: Stripe.createFetchHttpClient(options.fetch),
    timeout: STRIPE_REQUEST_TIMEOUT_MS,
    maxNetworkRetries: STRIPE_MAX_NETWORK_RETRIES,
    // No usage metrics to Stripe, and no telemetry id file written under the home directory.
    telemetry: false
  });
  const sessions = stripe.identity.verificationSessions;

  return {
    provider: 'stripe',

    async createSession(request: ProviderSessionRequest): Promise<ProviderSession> {
      if (request.allowedKinds.length === 0) throw new Error('a Stripe Identity session needs at least one allowed document kind');
      const session = await sessions.create({
        type: 'document',
        client_reference_id: request.checkId,
        return_url: request.returnUrl,
        options: {
          document: {
            allowed_types: [...new Set(request.allowedKinds.map((kind) => STRIPE_DOCUMENT_TYPES[kind]))],
            require_matching_selfie: request.requireSelfie,
            require_live_capture: true
          }
        }
      });
      if (!nonEmpty(session.url)) throw new Error(`Stripe created verification session ${session.id} without a url`);
      return { reference: session.id, url: session.url };
    },

    readWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): ProviderWebhook {
      const signature = headerOf(headers, 'stripe-signature');
      if (!nonEmpty(signature)) throw new ProviderSignatureError('Stripe webhook without a Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret, STRIPE_WEBHOOK_TOLERANCE_S, undefined, now());
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new ProviderSignatureError(`Stripe webhook signature does not verify: ${firstLine(error.message)}`);
        }
        throw error;
      }
      if (!event.type.startsWith('identity.verification_session.')) throw new UnhandledProviderEventError(event.id, event.type);
      const object = event.data.object as { object?: unknown; id?: unknown; client_reference_id?: unknown };
      if (object.object !== 'identity.verification_session' || typeof object.id !== 'string') {
        throw new Error(`Stripe event ${event.id} of type ${event.type} carries no verification session`);
      }
      return {
        id: event.id,
        type: event.type,
        reference: object.id,
        client_reference: typeof object.client_reference_id === 'string' ? object.client_reference_id : null
      };
    },

    async fetchResult(reference: string): Promise<ProviderResult> {
      const session = await sessions.retrieve(reference, { expand: [...STRIPE_RESULT_EXPANSIONS] });
      const status = STATUS_BY_STRIPE_STATUS[session.status];
      if (status === undefined) throw new Error(`Stripe verification session ${session.id} has an unknown status: ${session.status}`);
      const report = typeof session.last_verification_report === 'object' ? session.last_verification_report : null;
      const code = status === 'REQUIRES_INPUT' ? (session.last_error?.code ?? null) : null;
      // A redacted session's personal fields read "[redacted]": nothing of them is a name or a document.
      const readable = status === 'VERIFIED' && session.redaction === null;
      return {
        reference: session.id,
        status,
        reasons: code === null ? [] : [reasonOfStripeCode(code)],
        provider_code: code,
        name: readable ? nameOf(session) : null,
        document: readable ? documentOf(report) : null,
        selfie_matched: readable ? selfieMatchedOf(report) : null
      };
    },

    async redact(reference: string): Promise<void> {
      await sessions.redact(reference);
    }
  };
}
