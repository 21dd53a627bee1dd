import { pipeline } from 'node:stream/promises';
import type { Express, Request, RequestHandler, Response } from 'express';
import { requestIdOf } from '@signet/http';
import { assertConsumerConsent } from '../consumer-consent/consent-gate';
import { getConsentDocument } from '../consumer-consent/consent-document';
import { giveConsumerConsent } from '../consumer-consent/give-consent';
import { withdrawConsumerConsent } from '../consumer-consent/withdraw-consent';
import type { EnvelopeDeps } from '../envelope-deps';
import { readAttachmentFile } from '../fields/read-attachment-file';
import { uploadAttachment } from '../fields/upload-attachment';
import { getSigningDocument } from '../signing/get-signing-document';
import { getSigningSession } from '../signing/get-signing-session';
import { previewFields } from '../signing/preview-fields';
import { rejectEnvelope } from '../signing/reject-envelope';
import { relaySignerIdentity } from '../identity/relay-identity';
import { relaySigningCode } from '../signing/relay-validation-code';
import { signEnvelope } from '../signing/sign-envelope';
import { signerIdentity } from './signer-identity';
import type { CodeAction, RelayedAnswer } from '../validation-client';

/** The validation part's answer, as it came. */
export function sendRelayed(res: Response, answer: RelayedAnswer): void {
  res.status(answer.status).set(answer.headers).json(answer.body);
}

/**
 * The public signing API (the token in the path is the credential): adapters of the signing use cases.
 * Every route but the session and the consent routes passes the consumer consent gate first.
 */
export function signingRoutes(router: Express, deps: EnvelopeDeps): void {
  const token = (req: Request) => String(req.params.token);
  const consented = (handler: RequestHandler): RequestHandler => async (req, res, next) => {
    await assertConsumerConsent(deps, token(req));
    await handler(req, res, next);
  };

  router.get('/signing/v1/:token', async (req, res) => {
    res.json(await getSigningSession(deps, { token: token(req), requestId: requestIdOf(res) }));
  });

  router.get('/signing/v1/:token/consent/document', async (req, res) => {
    const pdf = await getConsentDocument(deps, { token: token(req) });
    res.type('application/pdf').set({ 'Cache-Control': 'no-store', 'Content-Disposition': 'inline; filename="consent.pdf"' }).send(Buffer.from(pdf));
  });

  router.post('/signing/v1/:token/consent', async (req, res) => {
    const consent = await giveConsumerConsent(deps, { token: token(req), body: req.body, identity: signerIdentity(req), requestId: requestIdOf(res) });
    res.json({ success: true, consumer_consent: consent });
  });

  router.post('/signing/v1/:token/consent/withdraw', async (req, res) => {
    await withdrawConsumerConsent(deps, { token: token(req), identity: signerIdentity(req), requestId: requestIdOf(res) });
    res.json({ success: true, state: 'REJECTED' });
  });

  router.post('/signing/v1/:token/sign', consented(async (req, res) => {
    const signed = await signEnvelope(deps, { token: token(req), body: req.body, identity: signerIdentity(req), requestId: requestIdOf(res) });
    res.json({ success: true, state: 'ALREADY_SIGNED', signed_at: signed.signedAt.toISOString() });
  }));

  router.post('/signing/v1/:token/fields/preview', consented(async (req, res) => {
    res.json(await previewFields(deps, { token: token(req), body: req.body }));
  }));

  router.post('/signing/v1/:token/attachments', consented(async (req, res) => {
    const file = await readAttachmentFile(req);
    const attachment = await uploadAttachment(deps, { token: token(req), file, requestId: requestIdOf(res) });
    res.status(201).json({ attachment });
  }));

  router.post('/signing/v1/:token/reject', consented(async (req, res) => {
    await rejectEnvelope(deps, { token: token(req), body: req.body, identity: signerIdentity(req), requestId: requestIdOf(res) });
    res.json({ success: true, state: 'REJECTED' });
  }));

  router.get('/signing/v1/:token/documents/:document_id', consented(async (req, res) => {
    const document = await getSigningDocument(deps, { token: token(req), documentId: String(req.params.document_id), requestId: requestIdOf(res) });
    res.type('application/pdf');
    res.setHeader('Cache-Control', 'no-store');
    if (document.attachmentName !== null) res.attachment(document.attachmentName);
    await pipeline(document.body, res);
  }));

  for (const action of ['consent', 'document', 'selfie/challenge', 'selfie', 'session'] as const) {
    router.post(`/signing/v1/:token/identity/${action}`, consented(async (req, res) => {
      sendRelayed(res, await relaySignerIdentity(deps, { token: token(req), action, body: req.body, identity: signerIdentity(req), requestId: requestIdOf(res) }));
    }));
  }

  for (const action of ['send_code', 'verify_code'] as const satisfies readonly CodeAction[]) {
    router.post(`/signing/v1/:token/validation/${action}`, consented(async (req, res) => {
      sendRelayed(res, await relaySigningCode(deps, { token: token(req), action, body: req.body, requestId: requestIdOf(res) }));
    }));
  }
}
