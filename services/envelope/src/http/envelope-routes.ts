import type { Express, Request } from 'express';
import { EnvelopeCreateRequest, EnvelopeUpdateRequest, SendCodeRequest, SigningUrlRequest, VerifyCodeRequest, VoidRequest, type Static, type TSchema } from '@signet/contracts';
import { AppError, parseWith, requestContext } from '@signet/http';
import { createBatch } from '../batches/create-batch';
import { getBatch } from '../batches/get-batch';
import { listBatches } from '../batches/list-batches';
import type { BatchDeps } from '../batches/batch-deps';
import { createEnvelope } from '../create-envelope';
import type { EnvelopeDeps } from '../envelope-deps';
import { readEnvelopeForm } from './read-envelope-form';
import { getEnvelope } from '../get-envelope';
import { getEnvelopeSummary } from '../get-envelope-summary';
import { getEnvelopeSignatures } from '../signatures/get-envelope-signatures';
import { listEnvelopes } from '../list-envelopes';
import { rateLimitHeaders } from '@signet/rate-limit';
import { spendEnvelopeCreation } from '../plan-limits/envelope-limits';
import { envelopeSummary, envelopeView } from '../present/envelope-view';
import { sendEnvelope } from '../send-envelope';
import { issueSigningLink } from '../signing-links/issue-signing-link';
import { updateEnvelope } from '../update-envelope';
import { getRecipientValidation, requestValidationCode } from '../validation/request-validation-code';
import { relaySenderIdentity } from '../identity/relay-identity';
import { voidEnvelope } from '../void-envelope';
import { sendRelayed } from './signing-routes';

/**
 * The body of send_code and verify_code: none at all (send_code needs none), or JSON. A body of another
 * type is refused; an empty one reads as `{}`, so the channel defaults to email.
 */
function readCodeRequest<S extends TSchema>(req: Request, schema: S, example: string): Static<S> {
  if (req.headers['content-type'] !== undefined && !req.is('application/json')) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the body as application/json: ${example}`);
  }
  return parseWith(schema, req.body ?? {});
}

/**
 * The body of void: none (as before reasons; `curl -X PUT -d ''` sends an empty form, which counts as
 * none), or JSON `{reason}`. A body of another type is refused rather than its reason silently dropped.
 */
function readVoidRequest(req: Request): VoidRequest {
  const length = req.headers['content-length'];
  const empty = length === '0' || (length === undefined && req.headers['transfer-encoding'] === undefined);
  if (empty) return {};
  if (!req.is('application/json')) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json: {"reason": "Replaced by a corrected contract"}');
  return parseWith(VoidRequest, req.body ?? {});
}

/** The integrator's envelope and batch routes, its recipients' codes, and the internal summary and signatures: adapters of the use cases. */
export function envelopeRoutes(router: Express, deps: EnvelopeDeps, batchDeps: BatchDeps): void {
  router.get('/api/v1/envelopes', async (req, res) => {
    res.json(await listEnvelopes(deps, { context: requestContext(res), query: req.query as Record<string, unknown> }));
  });
  router.get('/api/v1/envelopes/:id', async (req, res) => {
    res.json({ envelope: await envelopeView(await getEnvelope(deps, { context: requestContext(res), envelopeId: String(req.params.id) }), deps.links) });
  });
  router.post('/api/v1/batches', async (req, res) => {
    res.status(202).json({ batch: await createBatch(batchDeps, { context: requestContext(res), body: req.body }) });
  });
  router.get('/api/v1/batches', async (req, res) => {
    res.json(await listBatches(batchDeps, { context: requestContext(res), query: req.query as Record<string, unknown> }));
  });
  router.get('/api/v1/batches/:id', async (req, res) => {
    res.json({ batch: await getBatch(batchDeps, { context: requestContext(res), batchId: String(req.params.id) }) });
  });
  router.get('/internal/envelopes/:id/summary', async (req, res) => {
    res.json({ envelope: await getEnvelopeSummary(deps, { context: requestContext(res), envelopeId: String(req.params.id) }) });
  });
  router.get('/internal/envelopes/:id/signatures', async (req, res) => {
    res.json(await getEnvelopeSignatures(deps, { context: requestContext(res), envelopeId: String(req.params.id) }));
  });
  router.post('/api/v1/envelopes', async (req, res) => {
    const context = requestContext(res);
    // The form is taken from the stream at once (the gateway may be reading the body too, to fingerprint an
    // Idempotency-Key), but judged only after the plan allowed the create: a refused create stores nothing,
    // and over the limit a bad form is still 429, as when the gateway counted.
    const form = readEnvelopeForm(req, EnvelopeCreateRequest);
    form.catch(() => undefined);
    const limits = await spendEnvelopeCreation(deps.limits, context);
    if (limits) res.set(rateLimitHeaders(limits));
    const input = await form;
    const idempotencyKey = req.headers['idempotency-key'];
    const aggregate = await createEnvelope(deps, { context, input, idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined });
    res.json({ envelope: envelopeSummary(aggregate) });
  });

  router.put('/api/v1/envelopes/:id', async (req, res) => {
    // As for the create, the form is taken from the stream at once (in monolith mode a body read only after
    // the envelope is loaded had already flowed past, to the gateway's Idempotency-Key fingerprint), and
    // judged only once the envelope is known to take changes: a 405 stays a 405 whatever the form.
    const form = readEnvelopeForm(req, EnvelopeUpdateRequest);
    form.catch(() => undefined);
    const updated = await updateEnvelope(deps, { context: requestContext(res), envelopeId: String(req.params.id), readInput: () => form });
    res.json({ envelope: await envelopeView(updated, deps.links) });
  });

  router.post('/api/v1/envelopes/:id/send_invitation', async (req, res) => {
    await sendEnvelope(deps, { context: requestContext(res), envelopeId: String(req.params.id) });
    res.json({ success: true });
  });

  // Optional JSON `{rotate}`.
  router.post('/api/v1/envelopes/:id/recipients/:recipient_id/signing_url', async (req, res) => {
    const input = parseWith(SigningUrlRequest, req.body ?? {});
    const signingUrl = await issueSigningLink(deps, { context: requestContext(res), envelopeId: String(req.params.id), recipientId: String(req.params.recipient_id), rotate: input.rotate === true });
    res.json({ signing_url: signingUrl });
  });

  router.put('/api/v1/envelopes/:id/void', async (req, res) => {
    const { reason } = readVoidRequest(req);
    const voided = await voidEnvelope(deps, { context: requestContext(res), envelopeId: String(req.params.id), reason });
    res.json({ success: true, envelope: await envelopeView(voided, deps.links) });
  });

  const recipient = (req: Request) => ({ envelopeId: String(req.params.envelope_id), recipientId: String(req.params.recipient_id) });
  router.post('/api/v1/envelopes/:envelope_id/recipients/:recipient_id/validations/send_code', async (req, res) => {
    const request = readCodeRequest(req, SendCodeRequest, '{"channel": "sms"}');
    sendRelayed(res, await requestValidationCode(deps, { context: requestContext(res), ...recipient(req), action: 'send_code', request }));
  });
  router.post('/api/v1/envelopes/:envelope_id/recipients/:recipient_id/validations/verify_code', async (req, res) => {
    // No body at all is merely a missing code (422).
    const request = readCodeRequest(req, VerifyCodeRequest, '{"code": "123456"}');
    sendRelayed(res, await requestValidationCode(deps, { context: requestContext(res), ...recipient(req), action: 'verify_code', request }));
  });
  const identityPath = '/api/v1/envelopes/:envelope_id/recipients/:recipient_id/identity';
  router.get(identityPath, async (req, res) => {
    sendRelayed(res, await relaySenderIdentity(deps, { context: requestContext(res), ...recipient(req), action: 'get', body: undefined }));
  });
  for (const action of ['reset', 'approve', 'assertion', 'redact'] as const) {
    router.post(`${identityPath}/${action}`, async (req, res) => {
      sendRelayed(res, await relaySenderIdentity(deps, { context: requestContext(res), ...recipient(req), action, body: req.body }));
    });
  }
  router.get('/internal/envelopes/:envelope_id/recipients/:recipient_id/validation', async (req, res) => {
    res.json(await getRecipientValidation(deps, { context: requestContext(res), ...recipient(req) }));
  });
}
