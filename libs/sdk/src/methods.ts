import type { Client } from 'openapi-fetch';
import { toBracketForm } from './bracket-form';
import { SignetError, unwrap, type ErrorBody } from './errors';
import type { components, operations, paths } from './generated/openapi';

type Schemas = components['schemas'];
type JsonBody<O extends keyof operations> = operations[O] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

export type EnvelopeUpdateRequest = Schemas['EnvelopeUpdateRequest'];
export type Settings = Schemas['Settings'];
export type SettingsInput = Schemas['SettingsInput'];
export type Webhook = Schemas['Webhook'];
/** A single delivery: the log's view, plus the body every attempt sent and each attempt's headers. */
export type DeliveryDetail = Schemas['DeliveryDetail'];
export type CreateWebhookRequest = JsonBody<'createWebhook'>;
export type UpdateWebhookRequest = JsonBody<'updateWebhook'>;
export type BatchRequest = JsonBody<'createBatch'>;
/** The document's schema picks the signature's fields by its `type` (if/then), which generated types cannot say: spelled out here. */
export type SignRequest = Omit<Schemas['SignRequest'], 'signature'> & {
  signature: { type: 'WRITTEN'; text: string } | { type: 'DRAWN' | 'UPLOADED'; /** base64 PNG or JPG, with or without its data: prefix */ image: string };
};

/** What every helper group needs: the typed API, the fetch and the key. */
export interface MethodContext {
  api: Client<paths>;
  doFetch: typeof fetch;
  apiKey: string;
}

/** The token at the end of a signing link, or the token itself. */
export function signingTokenOf(signingUrlOrToken: string): string {
  const marker = '/sign/';
  const at = signingUrlOrToken.lastIndexOf(marker);
  return at === -1 ? signingUrlOrToken : (signingUrlOrToken.slice(at + marker.length).split(/[?#]/)[0] as string);
}

/** The bytes behind a download link Signet handed out (signed documents, evidence sheets: the link is the credential). */
async function download(doFetch: typeof fetch, url: string): Promise<Uint8Array> {
  const response = await doFetch(url);
  if (!response.ok) throw new SignetError(response.status, (await response.json().catch(() => undefined)) as ErrorBody | undefined, response.headers);
  return new Uint8Array(await response.arrayBuffer());
}

/** Envelope helpers beyond create/get/send/list: update, void, signing links, documents and evidence. */
export function envelopeMethods({ api, doFetch }: MethodContext) {
  const getEnvelope = async (id: string) => unwrap(await api.GET('/api/v1/envelopes/{id}', { params: { path: { id } } })).envelope;
  return {
    /** Changes a CREATED envelope, sent like creation as the bracket-notation form; `expires_at: ''` clears the expiry. */
    async updateEnvelope(id: string, changes: EnvelopeUpdateRequest) {
      return unwrap(await api.PUT('/api/v1/envelopes/{id}', { params: { path: { id } }, body: changes as never, bodySerializer: () => toBracketForm(changes) })).envelope;
    },

    /** Voids an envelope; the `reason` (1-500 characters) is kept on it and given to the recipients in the voided email. */
    async voidEnvelope(id: string, reason?: string) {
      return unwrap(await api.PUT('/api/v1/envelopes/{id}/void', { params: { path: { id } }, ...(reason === undefined ? {} : { body: { reason } }) })).envelope;
    },

    /**
     * Sets or moves an IN_PROGRESS envelope's expiry, or reactivates an EXPIRED one with fresh links; `expiresAt` later
     * than now, or null: the envelope no longer expires (its scheduled expiry and warning are cancelled).
     */
    async extendEnvelope(id: string, expiresAt: Date | string | null) {
      const expires_at = expiresAt instanceof Date ? expiresAt.toISOString() : expiresAt;
      return unwrap(await api.POST('/api/v1/envelopes/{id}/extend', { params: { path: { id } }, body: { expires_at } })).envelope;
    },

    /** Reminds a recipient whose turn it is now (once an hour: SignetError 429 with its Retry-After otherwise); answers when. */
    async remindRecipient(envelopeId: string, recipientId: string): Promise<string> {
      return unwrap(await api.POST('/api/v1/envelopes/{id}/recipients/{recipient_id}/remind', { params: { path: { id: envelopeId, recipient_id: recipientId } } })).reminded_at;
    },

    /** A recipient's signing link (IN_PROGRESS envelopes); `{rotate: true}` issues a new one and ends the old. */
    async getSigningUrl(envelopeId: string, recipientId: string, options: { rotate?: boolean } = {}): Promise<string> {
      return unwrap(await api.POST('/api/v1/envelopes/{id}/recipients/{recipient_id}/signing_url', {
        params: { path: { id: envelopeId, recipient_id: recipientId } }, body: options.rotate === undefined ? {} : { rotate: options.rotate }
      })).signing_url;
    },

    /** The link to the evidence sheet of a SUCCESS envelope, and when it was generated. */
    async getEvidence(envelopeId: string) {
      return unwrap(await api.GET('/api/v1/envelopes/{id}/evidence', { params: { path: { id: envelopeId } } }));
    },

    /** The evidence sheet PDF of a SUCCESS envelope. */
    async downloadEvidence(envelopeId: string): Promise<Uint8Array> {
      const evidence = unwrap(await api.GET('/api/v1/envelopes/{id}/evidence', { params: { path: { id: envelopeId } } }));
      return download(doFetch, evidence.evidence_document_url);
    },

    /**
     * A document of the envelope as it stands: once the envelope is SUCCESS, the signed (sealed) PDF.
     * The first document unless `documentId` names one.
     */
    async downloadDocument(envelopeId: string, documentId?: string): Promise<Uint8Array> {
      const envelope = await getEnvelope(envelopeId);
      const document = documentId === undefined ? envelope.documents[0] : envelope.documents.find((candidate) => candidate.id === documentId);
      if (!document?.url) throw new SignetError(404, { error: `Document ${documentId ?? '(first)'} not found on envelope ${envelopeId}`, code: 'NOT_FOUND' });
      return download(doFetch, document.url);
    },

    /** The signed PDF of a document of a SUCCESS envelope (409 CONFLICT before completion). */
    async downloadSignedDocument(envelopeId: string, documentId?: string): Promise<Uint8Array> {
      const envelope = await getEnvelope(envelopeId);
      if (envelope.status !== 'SUCCESS') throw new SignetError(409, { error: `The envelope is ${envelope.status}: documents are signed once it is SUCCESS`, code: 'CONFLICT' });
      return this.downloadDocument(envelopeId, documentId);
    },

    /** Waits until the envelope reaches one of `statuses` (default SUCCESS, VOIDED), asking every `pollIntervalMs`. */
    async waitForEnvelope(id: string, options: { statuses?: string[]; timeoutMs?: number; pollIntervalMs?: number } = {}) {
      const wanted = options.statuses ?? ['SUCCESS', 'VOIDED'];
      const deadline = Date.now() + (options.timeoutMs ?? 60_000);
      for (;;) {
        const envelope = await getEnvelope(id);
        if (wanted.includes(envelope.status)) return envelope;
        if (Date.now() > deadline) throw new Error(`Envelope ${id} is still ${envelope.status} after ${options.timeoutMs ?? 60_000} ms`);
        await new Promise((resolve) => setTimeout(resolve, options.pollIntervalMs ?? 250));
      }
    }
  };
}

/** The signing API, as a custom signer page uses it: the signing link's token is the credential, no API key. */
export function signingMethods({ api }: MethodContext) {
  const noKey = { Authorization: null } as unknown as Record<string, string>;
  return {
    async getSigningSession(signingUrlOrToken: string) {
      return unwrap(await api.GET('/signing/v1/{token}', { params: { path: { token: signingTokenOf(signingUrlOrToken) } }, headers: noKey }));
    },

    /** Signs as the link's recipient: `{consent: true, signature: {type: 'WRITTEN', text: 'Ana Lima'}}`. */
    async sign(signingUrlOrToken: string, body: SignRequest) {
      return unwrap(await api.POST('/signing/v1/{token}/sign', { params: { path: { token: signingTokenOf(signingUrlOrToken) } }, body: body as Schemas['SignRequest'], headers: noKey }));
    },

    async reject(signingUrlOrToken: string, reason: string) {
      return unwrap(await api.POST('/signing/v1/{token}/reject', { params: { path: { token: signingTokenOf(signingUrlOrToken) } }, body: { reason }, headers: noKey }));
    },

    /** The consent document (a PDF) of an envelope that asks for consent to electronic records: the disclosure and the code to type. */
    async getConsentDocument(signingUrlOrToken: string): Promise<Uint8Array> {
      const pdf = unwrap(await api.GET('/signing/v1/{token}/consent/document', { params: { path: { token: signingTokenOf(signingUrlOrToken) } }, headers: noKey, parseAs: 'arrayBuffer' }));
      return new Uint8Array(pdf as ArrayBuffer);
    },

    /** Consents with the code from the consent document, to the disclosure version shown (the session's `consumer_consent.version`). */
    async giveConsumerConsent(signingUrlOrToken: string, code: string, disclosureVersion: string) {
      const body = { code, disclosure_version: disclosureVersion };
      return unwrap(await api.POST('/signing/v1/{token}/consent', { params: { path: { token: signingTokenOf(signingUrlOrToken) } }, body, headers: noKey })).consumer_consent;
    },

    /** Withdraws (or refuses) that consent: the recipient declines, as `reject` does. */
    async withdrawConsumerConsent(signingUrlOrToken: string) {
      return unwrap(await api.POST('/signing/v1/{token}/consent/withdraw', { params: { path: { token: signingTokenOf(signingUrlOrToken) } }, headers: noKey }));
    }
  };
}

/** Webhooks: create (the secret is in this answer only), read, change, delete, rotate the secret, redeliver. */
export function webhookMethods({ api }: MethodContext) {
  return {
    async createWebhook(webhook: CreateWebhookRequest) {
      return unwrap(await api.POST('/api/v1/webhooks', { body: webhook })).webhook;
    },
    async listWebhooks() {
      return unwrap(await api.GET('/api/v1/webhooks', {})).webhooks;
    },
    async getWebhook(id: string) {
      return unwrap(await api.GET('/api/v1/webhooks/{id}', { params: { path: { id } } })).webhook;
    },
    async updateWebhook(id: string, changes: UpdateWebhookRequest) {
      return unwrap(await api.PUT('/api/v1/webhooks/{id}', { params: { path: { id } }, body: changes })).webhook;
    },
    async deleteWebhook(id: string): Promise<void> {
      unwrap(await api.DELETE('/api/v1/webhooks/{id}', { params: { path: { id } } }));
    },
    /** A new signing secret (in this answer only); for 24 hours deliveries are signed with the old one too. */
    async rotateWebhookSecret(id: string) {
      const answer = unwrap(await api.POST('/api/v1/webhooks/{id}/rotate_secret', { params: { path: { id } } }));
      return { ...answer.webhook, previous_secret_expires_at: answer.previous_secret_expires_at };
    },
    /** A finished delivery starts a new round of the webhook's retry schedule, with the same event id. */
    async redeliver(webhookId: string, deliveryId: string) {
      return unwrap(await api.POST('/api/v1/webhooks/{id}/deliveries/{delivery_id}/redeliver', { params: { path: { id: webhookId, delivery_id: deliveryId } } })).delivery;
    },
    /** One delivery with what went over the wire: `request_body`, and each attempt's `request_headers` and `response_headers`. */
    async getDelivery(webhookId: string, deliveryId: string): Promise<DeliveryDetail> {
      return unwrap(await api.GET('/api/v1/webhooks/{id}/deliveries/{delivery_id}', { params: { path: { id: webhookId, delivery_id: deliveryId } } })).delivery;
    },
    /** Sends a `webhook.test` event to the webhook now, whatever it subscribes to; answers its delivery. */
    async sendTestEvent(webhookId: string) {
      return unwrap(await api.POST('/api/v1/webhooks/{id}/test', { params: { path: { id: webhookId } } })).delivery;
    }
  };
}

/** Settings, batches and signature reports. */
export function accountMethods({ api }: MethodContext) {
  return {
    async getSettings() {
      return unwrap(await api.GET('/api/v1/settings', {})).settings;
    },
    async updateSettings(changes: SettingsInput) {
      return unwrap(await api.PUT('/api/v1/settings', { body: changes })).settings;
    },
    async createBatch(batch: BatchRequest) {
      return unwrap(await api.POST('/api/v1/batches', { body: batch })).batch;
    },
    async getBatch(id: string) {
      return unwrap(await api.GET('/api/v1/batches/{id}', { params: { path: { id } } })).batch;
    },
    /** The seal's chain, the TSA's, and the signer CA of advanced signatures: the roots a validator should trust. */
    async getSealCertificates() {
      return unwrap(await api.GET('/api/v1/seal/certificates', {}));
    },
    /** Who signed a PDF and whether each signature holds, from the PDF's bytes. */
    async createSignatureReport(pdf: Uint8Array) {
      return unwrap(await api.POST('/api/v1/signature-reports', {
        body: pdf as never, bodySerializer: (bytes: unknown) => bytes as never, headers: { 'Content-Type': 'application/pdf' }
      }));
    }
  };
}
