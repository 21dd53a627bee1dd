import { Type } from '@sinclair/typebox';
import { EnvelopeCreatedResponse, SuccessResponse, TemplateListResponse, TemplateResponse } from '../responses';
import { TemplateFromEnvelopeRequest, TemplateListQuery, TemplateRequest, TemplateUseRequest } from '../template-requests';
import { jsonAnswer, type RouteDocs } from './route-doc';

/** Where a prefilled value shows, before and after its recipient acts. */
const PREFILL_NOTE = `A prefilled value is what the recipient is offered, not their answer. \`GET /api/v1/envelopes/:id\` shows it as the placement's \`default_value\`; the field's \`value\` in \`fields\` stays null until the recipient acts. With \`"fields": {"company": "Sato KK"}\` (a TEXT field):

\`\`\`json
"placements": [{"name": "company", "placement_type": "TEXT", "readonly": true, "default_value": "Sato KK", ...}],
"fields": [{"name": "company", "type": "TEXT", "value": null, "filled_at": null, ...}]
\`\`\`

Once the recipient has signed (keeping the value, or sending another where the field is not read-only), the placement is unchanged and the field holds what was recorded:

\`\`\`json
"fields": [{"name": "company", "type": "TEXT", "value": "Sato KK", "filled_at": "2026-11-29T06:52:10.622Z", ...}]
\`\`\``;

const BODY_NOTE = 'Sent as JSON, or as `multipart/form-data` (or `application/x-www-form-urlencoded`) in bracket notation as the envelope create form.';

/** Templates, and envelopes made from them (API key routes). */
export const TEMPLATE_ROUTE_DOCS: RouteDocs = {
  'POST /api/v1/templates': {
    operationId: 'createTemplate',
    summary: 'Create a template',
    description: `The envelope create form (at least one document), where each recipient is a placeholder named by its key (\`recipients[buyer]\`) whose fields are all optional: what the template leaves out, each use gives. Placements are checked as an envelope's, and a problem is a 422 (a template is never in ERROR). Or \`{"from_envelope_id": "..."}\` (and optionally \`name\`) saves an envelope of yours as a template: its recipients by key, placements, settings overrides, metadata and original documents. ${BODY_NOTE}`,
    tag: 'Templates',
    request: { json: Type.Union([TemplateRequest, TemplateFromEnvelopeRequest]), form: TemplateRequest, formOf: 'TemplateRequest' },
    responses: { 200: jsonAnswer(TemplateResponse, 'The template') },
    errors: [400, 404, 413, 415, 422]
  },
  'GET /api/v1/templates': {
    operationId: 'listTemplates',
    summary: "List the tenant's templates",
    description: 'Newest first (`order=asc` for oldest first), `q` in the name or document names, pages of `limit` (1-100, default 20); pass `next_cursor` as `cursor` for the next page.',
    tag: 'Templates',
    request: { query: TemplateListQuery },
    responses: { 200: jsonAnswer(TemplateListResponse, 'One page of templates') },
    errors: [422]
  },
  'GET /api/v1/templates/:id': {
    operationId: 'getTemplate',
    summary: 'Read a template',
    tag: 'Templates',
    params: { id: 'Template id' },
    responses: { 200: jsonAnswer(TemplateResponse, 'The template') },
    errors: [404]
  },
  'PUT /api/v1/templates/:id': {
    operationId: 'updateTemplate',
    summary: 'Update a template',
    description: `As the envelope update: documents, recipients and placements you send replace all of their kind; settings and metadata merge over the template's. Envelopes already made from the template do not change. ${BODY_NOTE}`,
    tag: 'Templates',
    params: { id: 'Template id' },
    request: { json: TemplateRequest, form: TemplateRequest, formOf: 'TemplateRequest' },
    responses: { 200: jsonAnswer(TemplateResponse, 'The template as it now is') },
    errors: [400, 404, 413, 415, 422]
  },
  'DELETE /api/v1/templates/:id': {
    operationId: 'deleteTemplate',
    summary: 'Delete a template',
    description: 'Envelopes already made from it do not change.',
    tag: 'Templates',
    params: { id: 'Template id' },
    responses: { 200: jsonAnswer(SuccessResponse, 'Deleted') },
    errors: [404]
  },
  'POST /api/v1/templates/:id/envelopes': {
    operationId: 'useTemplate',
    summary: 'Make an envelope from a template',
    description: `\`recipients[key][...]\` fills each placeholder by key (a template recipient with an email and a name may be left out; an unknown key or one left without email or name is a 422 naming it); \`fields[name]=value\` prefills the template's fields of that name (checked as the recipient's answer would be; \`fields[name][readonly]=true|false\` overrides the template's read-only flag) and fills the PDF's own form fields of that name (drawn into the page); \`documents[key][base64]\` replaces one of the template's documents (placements are checked again: a page or token it no longer has is a 422, as is every use that breaks the template; nothing is made); \`name\`, \`metadata\` and \`settings\` override the template's; \`send=true\` sends it at once. Unchanged documents are shared with the template, never copied. Answers as envelope creation; the envelope carries \`template_id\`. Counts against the plan's envelope creations. ${BODY_NOTE}\n\n${PREFILL_NOTE}`,
    tag: 'Templates',
    params: { id: 'Template id' },
    request: { json: TemplateUseRequest, form: TemplateUseRequest, formOf: 'TemplateUseRequest' },
    responses: { 200: jsonAnswer(EnvelopeCreatedResponse, 'The envelope, CREATED (IN_PROGRESS when sent, ERROR with its errors)') },
    errors: [400, 404, 409, 413, 415, 422],
    serviceRateLimit: true
  }
};
