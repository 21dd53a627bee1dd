import { DeadLetterListResponse, DeadLetterRetryResponse } from '../responses/webhook-responses';
import { DeadLettersQuery } from '../webhook-requests';
import { jsonAnswer, type RouteDocs } from './route-doc';

/** Dead letters: the API key's webhook deliveries that ran out of their retry schedule. */
export const DEAD_LETTER_ROUTE_DOCS: RouteDocs = {
  'GET /api/v1/dead_letters': {
    operationId: 'listDeadLetters',
    summary: "List the API key's dead letters",
    description: 'A dead letter is a webhook delivery that ran out of its retry schedule: FAILED, with no attempt to come. Newest first, ' +
      'retried ones too unless `state` says otherwise; page with `next_cursor`. Each stays as long as its delivery is kept ' +
      '(`WEBHOOK_RETENTION_DAYS`) and goes with its webhook.',
    tag: 'Webhooks',
    request: { query: DeadLettersQuery },
    responses: { 200: jsonAnswer(DeadLetterListResponse, 'A page of dead letters') },
    errors: [422]
  },
  'POST /api/v1/dead_letters/:id/retry': {
    operationId: 'retryDeadLetter',
    summary: 'Retry a dead letter',
    description: 'Its delivery starts a new round of the webhook\'s retry schedule at once, with the same event (same `webhook-id`), ' +
      'to the webhook\'s URL as it is now; the dead letter shows `retried_at`. A dead letter is retried once: again is 409 ' +
      '(if the new round fails too, a new dead letter records it).',
    tag: 'Webhooks',
    params: { id: 'Dead letter id' },
    responses: { 200: jsonAnswer(DeadLetterRetryResponse, 'The dead letter, retried, and its delivery, its new attempt pending') },
    errors: [404, 409]
  }
};
