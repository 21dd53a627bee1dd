import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Where `npm start` answers by default: the document's server, and the host of every captured URL. */
export const EXAMPLE_BASE_URL = 'http://localhost:3000';

/** One operation's real exchanges, as `npm run docs:examples` recorded them. */
export interface OperationExamples {
  /** The successful request: path and query parameters, and the JSON body or the form's fields as sent. */
  request?: { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown };
  /** Each JSON answer's body, by status (successes and the errors worth showing). */
  responses: Record<string, unknown>;
}

export interface CapturedExamples {
  /** By route, keyed `METHOD /path` as the route tables name it. */
  operations: Record<string, OperationExamples>;
  /** A delivered webhook body `{id, event_type, data}` by event type. */
  events: Record<string, unknown>;
}

/** Written by apps/signet/scripts/capture-examples.ts; the document's examples come from here. */
export const CAPTURED_EXAMPLES_FILE = path.join(__dirname, 'captured-examples.json');

export function capturedExamples(): CapturedExamples {
  return JSON.parse(readFileSync(CAPTURED_EXAMPLES_FILE, 'utf8')) as CapturedExamples;
}
