import type { Express, Request } from 'express';
import { TemplateFromEnvelopeRequest, TemplateUseRequest, type Static, type TSchema } from '@signet/contracts';
import { parseBracketForm, requestContext } from '@signet/http';
import { checkEnvelopeInput, MAX_INLINE_DOCUMENT_BYTES } from '../form/read-envelope-form';
import { rateLimitHeaders } from '@signet/rate-limit';
import { readFormFields } from './read-form-fields';
import { spendEnvelopeCreation } from '../plan-limits/envelope-limits';
import { envelopeSummary } from '../present/envelope-view';
import { readTemplateDefinition } from '../templates/check-template';
import { createTemplate } from '../templates/create-template';
import { deleteTemplate, updateTemplate } from '../templates/change-template';
import { getTemplate, listTemplates } from '../templates/read-templates';
import type { TemplateDeps } from '../templates/template-deps';
import { templateView } from '../templates/template-view';
import { createFromTemplate } from '../templates/use-template';

/** The body as sent: JSON as it is, a multipart or urlencoded form through the bracket-notation parser. */
async function readBody(req: Request): Promise<unknown> {
  if (req.is('application/json')) return req.body ?? {};
  return parseBracketForm(await readFormFields(req, { fieldSize: Math.ceil(MAX_INLINE_DOCUMENT_BYTES / 3) * 4 + 4, fields: 2000 }));
}

function check<S extends TSchema>(schema: S, body: unknown): Static<S> {
  return checkEnvelopeInput(schema, body);
}

const idempotencyKeyOf = (req: Request) => (typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined);

/** Templates and envelopes made from them: adapters of the template use cases. */
export function templateRoutes(router: Express, deps: TemplateDeps): void {
  router.post('/api/v1/templates', async (req, res) => {
    const context = requestContext(res);
    const body = await readBody(req);
    const fromEnvelope = typeof body === 'object' && body !== null && 'from_envelope_id' in body;
    const template = fromEnvelope
      ? await createTemplate(deps, { context, fromEnvelope: check(TemplateFromEnvelopeRequest, body) })
      : await createTemplate(deps, { context, definition: readTemplateDefinition(body) });
    res.json({ template: await templateView(template, deps.links) });
  });
  router.get('/api/v1/templates', async (req, res) => {
    res.json(await listTemplates(deps, { context: requestContext(res), query: req.query as Record<string, unknown> }));
  });
  router.get('/api/v1/templates/:id', async (req, res) => {
    res.json({ template: await templateView(await getTemplate(deps, { context: requestContext(res), templateId: String(req.params.id) }), deps.links) });
  });
  router.put('/api/v1/templates/:id', async (req, res) => {
    const context = requestContext(res);
    const input = readTemplateDefinition(await readBody(req));
    res.json({ template: await templateView(await updateTemplate(deps, { context, templateId: String(req.params.id), input }), deps.links) });
  });
  router.delete('/api/v1/templates/:id', async (req, res) => {
    await deleteTemplate(deps, { context: requestContext(res), templateId: String(req.params.id) });
    res.json({ success: true });
  });
  router.post('/api/v1/templates/:id/envelopes', async (req, res) => {
    const context = requestContext(res);
    // As POST /envelopes: the body is taken from the stream at once, judged once the plan allowed the create.
    const body = readBody(req);
    body.catch(() => undefined);
    const limits = await spendEnvelopeCreation(deps.limits, context);
    if (limits) res.set(rateLimitHeaders(limits));
    const input = check(TemplateUseRequest, await body);
    const aggregate = await createFromTemplate(deps, { context, templateId: String(req.params.id), input, idempotencyKey: idempotencyKeyOf(req) });
    res.json({ envelope: envelopeSummary(aggregate) });
  });
}

