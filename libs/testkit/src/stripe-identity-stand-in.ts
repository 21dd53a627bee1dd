import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { DEFAULT_API_VERSION, DOCUMENT_TYPES, REDACTED, StripeFault, booleanParam, decodeStripeForm, expansionsOf, invalid, isLoopbackUrl, missing, onlyKnown, randomId, readBody, stripeSignatureHeader } from './stripe-wire';

/**
 * A local stand-in for the part of Stripe's API that Signet's Stripe Identity adapter uses: verification
 * sessions created (form-encoded, as Stripe takes them), retrieved with `expand`, and redacted, behind
 * Bearer auth with one key, answering Stripe-shaped objects and errors. A test drives each session as a
 * signer and Stripe would (verify, requireInput, processing, cancel) and posts Stripe-shaped events signed
 * as Stripe signs them. Loopback only; no network beyond it.
 */

export type StripeDocumentType = 'passport' | 'id_card' | 'driving_license';

export interface StripeDate {
  day: number;
  month: number;
  year: number;
}

/** What Stripe read and verified, as a test makes a session succeed. */
export interface StandInVerification {
  first_name: string;
  last_name: string;
  dob?: StripeDate;
  document: {
    type: StripeDocumentType;
    /** ISO 3166-1 alpha-2, as Stripe gives it. */
    issuing_country: string;
    number: string;
    expiration_date: StripeDate;
    issued_date?: StripeDate;
  };
  /** The selfie check's status when the session asked for one; 'verified' by default. */
  selfie?: 'verified' | 'unverified';
}

export interface StandInCall {
  method: string;
  path: string;
  /** The query string decoded as Stripe reads it (`expand[0]=a` → `{expand: ['a']}`). */
  query: Record<string, unknown>;
  /** The form body decoded likewise; empty for a GET. */
  form: Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
  /** The answer's status. */
  status: number;
}

export interface StandInWebhook {
  url: string;
  type: string;
  eventId: string;
  payload: string;
  signature: string | null;
  status: number;
}

export interface SendWebhookOptions {
  /** Sign with another secret than the endpoint's. */
  badSignature?: boolean;
  /** The signed timestamp, unix seconds; the stand-in's clock by default. */
  timestamp?: number;
  /** Send no Stripe-Signature header at all. */
  omitSignature?: boolean;
}

interface StoredReport {
  id: string;
  created: number;
  document: {
    status: 'verified' | 'unverified';
    error: { code: string; reason: string } | null;
    type: StripeDocumentType | null;
    issuing_country: string | null;
    first_name: string | null;
    last_name: string | null;
    number: string | null;
    expiration_date: StripeDate | null;
    issued_date: StripeDate | null;
    dob: StripeDate | null;
    files: string[];
  };
  selfie: { status: 'verified' | 'unverified'; error: { code: string; reason: string } | null; document: string; selfie: string } | null;
}

export interface StoredSession {
  id: string;
  created: number;
  client_reference_id: string | null;
  client_secret: string;
  return_url: string | null;
  metadata: Record<string, string>;
  options: { document: { allowed_types: StripeDocumentType[]; require_live_capture: boolean; require_matching_selfie: boolean; require_id_number: boolean } };
  status: 'requires_input' | 'processing' | 'verified' | 'canceled';
  last_error: { code: string; reason: string } | null;
  verified_outputs: { first_name: string; last_name: string; dob: StripeDate | null } | null;
  report: StoredReport | null;
  redaction: { status: 'processing' | 'redacted' } | null;
}

export interface StripeIdentityStandIn {
  /** The API base to give the adapter (STRIPE_API_BASE). */
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Every API request, in order. */
  calls: StandInCall[];
  /** Every webhook sent, in order. */
  webhooks: StandInWebhook[];
  session(id: string): StoredSession | undefined;
  /** The signer submitted and Stripe is checking. */
  processing(id: string): void;
  /** Every check passed, with what Stripe read. */
  verify(id: string, outputs: StandInVerification): void;
  /** A check failed: back to requires_input with `last_error`. */
  requireInput(id: string, code: string, reason: string): void;
  cancel(id: string): void;
  /** The next `count` API requests fail with `status` (Stripe's api_error shape), as an outage would. */
  failNext(count: number, status?: number): void;
  /** Posts a Stripe event about the session (its current state) to a loopback URL, signed unless asked otherwise. */
  sendWebhook(url: string, type: string, id: string, options?: SendWebhookOptions): Promise<StandInWebhook>;
  close(): Promise<void>;
}

export interface StripeIdentityStandInOptions {
  secretKey?: string;
  webhookSecret?: string;
  /** The stand-in's clock, milliseconds since the epoch (objects' `created`, webhooks' timestamps). */
  now?: () => number;
}

/** Stripe's API version the stand-in answers in when a request names none. */
export async function startStripeIdentityStandIn(options: StripeIdentityStandInOptions = {}): Promise<StripeIdentityStandIn> {
  const secretKey = options.secretKey ?? `rk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString('hex')}`;
  const now = options.now ?? Date.now;
  const seconds = (): number => Math.floor(now() / 1000);
  const sessions = new Map<string, StoredSession>();
  const calls: StandInCall[] = [];
  const webhooks: StandInWebhook[] = [];
  const failures: number[] = [];
  let url = '';

  const sessionOrFault = (id: string): StoredSession => {
    const session = sessions.get(id);
    if (session === undefined) throw missing(id);
    return session;
  };
  const sessionOrThrow = (id: string): StoredSession => {
    const session = sessions.get(id);
    if (session === undefined) throw new Error(`the Stripe stand-in has no session ${id}`);
    if (session.redaction !== null) throw new Error(`session ${id} is redacted`);
    return session;
  };

  function renderReport(session: StoredSession, report: StoredReport, expand: Set<string>): Record<string, unknown> {
    const { document, selfie } = report;
    return {
      id: report.id,
      object: 'identity.verification_report',
      client_reference_id: session.client_reference_id,
      created: report.created,
      livemode: false,
      options: { document: { ...session.options.document } },
      type: 'document',
      verification_session: session.id,
      document: {
        address: null,
        error: document.error,
        files: document.files,
        first_name: document.first_name,
        issued_date: document.issued_date,
        issuing_country: document.issuing_country,
        last_name: document.last_name,
        status: document.status,
        type: document.type,
        // Sensitive results: only when expanded by name.
        ...(expand.has('last_verification_report.document.number') ? { number: document.number } : {}),
        ...(expand.has('last_verification_report.document.expiration_date') ? { expiration_date: document.expiration_date } : {}),
        ...(expand.has('last_verification_report.document.dob') ? { dob: document.dob } : {})
      },
      ...(selfie === null ? {} : { selfie })
    };
  }

  function renderSession(session: StoredSession, expand: Set<string>): Record<string, unknown> {
    const open = session.status === 'requires_input' && session.redaction === null;
    const expandsReport = [...expand].some((path) => path === 'last_verification_report' || path.startsWith('last_verification_report.'));
    const expandsOutputs = [...expand].some((path) => path === 'verified_outputs' || path.startsWith('verified_outputs.'));
    const outputs = session.verified_outputs;
    return {
      id: session.id,
      object: 'identity.verification_session',
      client_reference_id: session.client_reference_id,
      client_secret: open ? session.client_secret : null,
      created: session.created,
      last_error: session.last_error,
      last_verification_report: session.report === null ? null : expandsReport ? renderReport(session, session.report, expand) : session.report.id,
      livemode: false,
      metadata: session.metadata,
      options: { document: { ...session.options.document } },
      redaction: session.redaction,
      related_customer: null,
      status: session.status,
      type: 'document',
      url: open ? `${url}/verify/${session.client_secret}` : null,
      ...(expandsOutputs
        ? {
            verified_outputs:
              outputs === null
                ? null
                : {
                    address: null,
                    email: null,
                    first_name: outputs.first_name,
                    id_number_type: null,
                    last_name: outputs.last_name,
                    phone: null,
                    ...(expand.has('verified_outputs.dob') ? { dob: outputs.dob } : {})
                  }
          }
        : {})
    };
  }

  function createSession(form: Record<string, unknown>): StoredSession {
    onlyKnown(form, ['type', 'client_reference_id', 'return_url', 'metadata', 'options', 'expand'], '');
    if (form.type !== 'document') throw invalid(form.type === undefined ? 'Missing required param: type.' : `Invalid type: ${String(form.type)} (the stand-in does document sessions only)`, 'type');
    const document = ((form.options as Record<string, unknown> | undefined)?.document ?? {}) as Record<string, unknown>;
    onlyKnown((form.options as Record<string, unknown> | undefined) ?? {}, ['document'], 'options[');
    onlyKnown(document, ['allowed_types', 'require_live_capture', 'require_matching_selfie', 'require_id_number'], 'options[document][');
    const allowed = document.allowed_types ?? [...DOCUMENT_TYPES];
    if (!Array.isArray(allowed) || allowed.length === 0 || !allowed.every((type) => typeof type === 'string' && DOCUMENT_TYPES.includes(type))) {
      throw invalid('Invalid options[document][allowed_types]', 'options[document][allowed_types]');
    }
    const id = randomId('vs');
    const session: StoredSession = {
      id,
      created: seconds(),
      client_reference_id: typeof form.client_reference_id === 'string' ? form.client_reference_id : null,
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      return_url: typeof form.return_url === 'string' ? form.return_url : null,
      metadata: (form.metadata ?? {}) as Record<string, string>,
      options: {
        document: {
          allowed_types: allowed as StripeDocumentType[],
          require_live_capture: booleanParam(document.require_live_capture, 'options[document][require_live_capture]'),
          require_matching_selfie: booleanParam(document.require_matching_selfie, 'options[document][require_matching_selfie]'),
          require_id_number: booleanParam(document.require_id_number, 'options[document][require_id_number]')
        }
      },
      status: 'requires_input',
      last_error: null,
      verified_outputs: null,
      report: null,
      redaction: null
    };
    sessions.set(id, session);
    return session;
  }

  function redact(session: StoredSession): void {
    if (session.redaction !== null) return;
    if (session.status === 'processing') throw invalid('A VerificationSession can be redacted only in requires_input or verified status.');
    if (session.status === 'requires_input') session.status = 'canceled';
    session.redaction = { status: 'redacted' };
    session.metadata = {};
    if (session.verified_outputs !== null) session.verified_outputs = { first_name: REDACTED, last_name: REDACTED, dob: null };
    const document = session.report?.document;
    if (document) {
      Object.assign(document, { first_name: REDACTED, last_name: REDACTED, number: REDACTED, dob: null, expiration_date: null, issued_date: null, files: [] });
    }
  }

  function route(method: string, path: string, query: Record<string, unknown>, form: Record<string, unknown>): Record<string, unknown> {
    const base = '/v1/identity/verification_sessions';
    if (method === 'POST' && path === base) return renderSession(createSession(form), expansionsOf(form));
    const match = /^\/v1\/identity\/verification_sessions\/([^/]+)(\/redact)?$/.exec(path);
    if (match !== null) {
      const id = decodeURIComponent(match[1] as string);
      if (method === 'GET' && match[2] === undefined) return renderSession(sessionOrFault(id), expansionsOf(query));
      if (method === 'POST' && match[2] === '/redact') {
        onlyKnown(form, ['expand'], '');
        const session = sessionOrFault(id);
        redact(session);
        return renderSession(session, expansionsOf(form));
      }
    }
    throw new StripeFault(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  function authorized(header: string | undefined): boolean {
    return header === `Bearer ${secretKey}`;
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      const requestUrl = new URL(req.url ?? '/', url);
      const method = req.method ?? 'GET';
      const body = await readBody(req);
      const requestId = randomId('req');
      let status = 200;
      let answer: unknown;
      let query: Record<string, unknown> = {};
      let form: Record<string, unknown> = {};
      try {
        if (method === 'GET' && requestUrl.pathname.startsWith('/verify/')) {
          // The hosted page's address, so a session's url leads somewhere; the signer's part is driven by the test.
          res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('Stripe Identity stand-in: the test drives this session.\n');
          return;
        }
        query = decodeStripeForm(requestUrl.search.slice(1));
        form = method === 'POST' ? decodeStripeForm(body) : {};
        if (!authorized(req.headers.authorization)) {
          throw new StripeFault(401, {
            type: 'invalid_request_error',
            message: req.headers.authorization === undefined ? 'You did not provide an API key.' : 'Invalid API Key provided.'
          });
        }
        const failure = failures.shift();
        if (failure !== undefined) throw new StripeFault(failure, { type: 'api_error', message: 'An error occurred with our connection to Stripe (stand-in outage).' });
        answer = route(method, requestUrl.pathname, query, form);
      } catch (error) {
        if (!(error instanceof StripeFault)) throw error;
        status = error.status;
        answer = { error: { ...error.body, request_log_url: null } };
      }
      calls.push({ method, path: requestUrl.pathname, query, form, headers: req.headers, status });
      const text = JSON.stringify(answer, null, 2);
      res
        .writeHead(status, {
          'content-type': 'application/json',
          'request-id': requestId,
          'stripe-version': String(req.headers['stripe-version'] ?? DEFAULT_API_VERSION),
          'content-length': Buffer.byteLength(text)
        })
        .end(text);
    })().catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    secretKey,
    webhookSecret,
    calls,
    webhooks,
    session: (id) => sessions.get(id),

    processing(id) {
      const session = sessionOrThrow(id);
      if (session.status !== 'requires_input') throw new Error(`session ${id} is ${session.status}, not requires_input`);
      session.status = 'processing';
      session.last_error = null;
    },

    verify(id, outputs) {
      const session = sessionOrThrow(id);
      if (session.status !== 'requires_input' && session.status !== 'processing') throw new Error(`session ${id} is ${session.status}`);
      if (!session.options.document.allowed_types.includes(outputs.document.type)) {
        throw new Error(`session ${id} does not allow ${outputs.document.type} (allowed: ${session.options.document.allowed_types.join(', ')})`);
      }
      session.status = 'verified';
      session.last_error = null;
      session.verified_outputs = { first_name: outputs.first_name, last_name: outputs.last_name, dob: outputs.dob ?? null };
      session.report = {
        id: randomId('vr'),
        created: seconds(),
        document: {
          status: 'verified',
          error: null,
          type: outputs.document.type,
          issuing_country: outputs.document.issuing_country,
          first_name: outputs.first_name,
          last_name: outputs.last_name,
          number: outputs.document.number,
          expiration_date: outputs.document.expiration_date,
          issued_date: outputs.document.issued_date ?? null,
          dob: outputs.dob ?? null,
          files: [randomId('file'), randomId('file')]
        },
        selfie: session.options.document.require_matching_selfie
          ? {
              status: outputs.selfie ?? 'verified',
              error: outputs.selfie === 'unverified' ? { code: 'selfie_face_mismatch', reason: 'The selfie does not match the document.' } : null,
              document: randomId('file'),
              selfie: randomId('file')
            }
          : null
      };
    },

    requireInput(id, code, reason) {
      const session = sessionOrThrow(id);
      if (session.status !== 'requires_input' && session.status !== 'processing') throw new Error(`session ${id} is ${session.status}`);
      session.status = 'requires_input';
      session.last_error = { code, reason };
      session.verified_outputs = null;
      // A failed check leaves a report when the signer submitted something: a document's or a selfie's.
      const documentFailed = code.startsWith('document_');
      const selfieFailed = code.startsWith('selfie_');
      session.report =
        documentFailed || selfieFailed
          ? {
              id: randomId('vr'),
              created: seconds(),
              document: {
                status: documentFailed ? 'unverified' : 'verified',
                error: documentFailed ? { code, reason } : null,
                type: null,
                issuing_country: null,
                first_name: null,
                last_name: null,
                number: null,
                expiration_date: null,
                issued_date: null,
                dob: null,
                files: [randomId('file')]
              },
              selfie: selfieFailed ? { status: 'unverified', error: { code, reason }, document: randomId('file'), selfie: randomId('file') } : null
            }
          : null;
    },

    cancel(id) {
      const session = sessionOrThrow(id);
      if (session.status !== 'requires_input') throw new Error(`session ${id} is ${session.status}, not requires_input`);
      session.status = 'canceled';
    },

    failNext(count, status = 500) {
      for (let index = 0; index < count; index += 1) failures.push(status);
    },

    async sendWebhook(target, type, id, sendOptions = {}) {
      const targetUrl = new URL(target);
      if (!isLoopbackUrl(targetUrl)) throw new Error(`the Stripe stand-in posts webhooks to loopback only, not ${targetUrl.host}`);
      const session = sessions.get(id);
      if (session === undefined) throw new Error(`the Stripe stand-in has no session ${id}`);
      const eventId = randomId('evt');
      const event = {
        id: eventId,
        object: 'event',
        api_version: DEFAULT_API_VERSION,
        created: seconds(),
        data: { object: renderSession(session, new Set()) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type
      };
      const payload = JSON.stringify(event, null, 2);
      const secret = sendOptions.badSignature ? `whsec_${randomBytes(16).toString('hex')}` : webhookSecret;
      const signature = sendOptions.omitSignature ? null : stripeSignatureHeader(payload, secret, sendOptions.timestamp ?? seconds());
      const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' };
      if (signature !== null) headers['stripe-signature'] = signature;
      const response = await fetch(targetUrl, { method: 'POST', headers, body: payload });
      await response.arrayBuffer();
      const sent = { url: target, type, eventId, payload, signature, status: response.status };
      webhooks.push(sent);
      return sent;
    },

    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      })
  };
}
