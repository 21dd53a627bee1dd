import { readFileSync } from 'node:fs';
import path from 'node:path';
import { contractChecker } from './openapi-contract';

const document = JSON.parse(readFileSync(path.join(__dirname, '..', '..', '..', 'docs', 'openapi.json'), 'utf8'));
const problemsWith = contractChecker(document);

const webhook = {
  id: '0190f3c2-7b7a-7cc0-9a55-3c1f2f3b8e01', url: 'https://example.com/hook', subscriptions: 'envelope.success', auth_type: 'HEADER',
  retry_schedule: 'STANDARD', created_at: '2026-11-24T10:00:00.000Z', updated_at: '2026-11-24T10:00:00.000Z'
};

describe('the contract check every end-to-end answer goes through', () => {
  it('passes an answer the document describes', () => {
    expect(problemsWith({ method: 'GET', path: `/api/v1/webhooks/${webhook.id}`, status: 200, body: { webhook, request_id: 'req_1' } })).toEqual([]);
    expect(problemsWith({ method: 'GET', path: '/api/v1/settings?scope=emails', status: 401, body: { error: 'Missing API key', code: 'UNAUTHORIZED', request_id: 'req_2' } })).toEqual([]);
  });

  it('fails a field the document does not name (a presenter that grew a field)', () => {
    const problems = problemsWith({ method: 'GET', path: `/api/v1/webhooks/${webhook.id}`, status: 200, body: { webhook: { ...webhook, auth: 'secret' }, request_id: 'req_1' } });
    expect(problems.join('\n')).toMatch(/body\/webhook must NOT have additional properties.*"additionalProperty":"auth"/);
  });

  it('fails a missing or mistyped field', () => {
    const { created_at: _created, ...withoutCreated } = webhook;
    expect(problemsWith({ method: 'GET', path: `/api/v1/webhooks/${webhook.id}`, status: 200, body: { webhook: withoutCreated, request_id: 'r' } }).join('\n')).toMatch(/created_at/);
    expect(problemsWith({ method: 'GET', path: `/api/v1/webhooks/${webhook.id}`, status: 200, body: { webhook: { ...webhook, created_at: 'yesterday' }, request_id: 'r' } }).join('\n')).toMatch(/must match format "date-time"/);
  });

  it('fails a status the operation does not document', () => {
    expect(problemsWith({ method: 'DELETE', path: `/api/v1/webhooks/${webhook.id}`, status: 409, body: { error: 'x', code: 'CONFLICT', request_id: 'r' } }))
      .toEqual([expect.stringContaining('the document names no such status')]);
  });

  it('fails a route the document lacks, unless it is the gateway saying there is no such route', () => {
    expect(problemsWith({ method: 'GET', path: '/api/v1/widgets', status: 200, body: { widgets: [] } })).toEqual([expect.stringContaining('no such route')]);
    expect(problemsWith({ method: 'PATCH', path: '/api/v1/settings', status: 200, body: {} })).toEqual([expect.stringContaining('no such route')]);
    expect(problemsWith({ method: 'GET', path: '/api/v1/widgets', status: 404, body: { error: 'No route for GET /api/v1/widgets', code: 'NOT_FOUND', request_id: 'r' } })).toEqual([]);
  });
});
