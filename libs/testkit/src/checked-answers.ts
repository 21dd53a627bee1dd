import { readFileSync } from 'node:fs';
import path from 'node:path';
import { contractChecker, isJson, type ContractChecker } from './openapi-contract';

const DOCUMENT_FILE = path.join(__dirname, '..', '..', '..', 'docs', 'openapi.json');

/**
 * What the gateway serves beside the API and the document leaves out on purpose: the development
 * mailbox and SMS log, the reference page's static files, and the signed internal routes the parts call
 * each other on.
 */
const OUTSIDE_THE_API = [/^\/dev\//, /^\/docs\/assets\//, /^\/internal\//];

const checkedOrigins = new Set<string>();
let checker: ContractChecker | undefined;

export interface Answer {
  method: string;
  url: string;
  status: number;
  contentType: string | null;
  /** The parsed JSON body; undefined for other media types. */
  body: unknown;
}

/** From now on, answers from this Signet (its gateway's base URL) must match docs/openapi.json. */
export function checkAnswersFrom(baseUrl: string): void {
  checkedOrigins.add(new URL(baseUrl).origin);
}

const underContract = (url: URL): boolean => checkedOrigins.has(url.origin) && !OUTSIDE_THE_API.some((pattern) => pattern.test(url.pathname));

/**
 * Throws naming every difference between an answer of a Signet under test and docs/openapi.json (route,
 * status, media type, JSON body with every object closed). Answers from elsewhere pass unchecked.
 */
export function checkAnswer(answer: Answer): void {
  const url = new URL(answer.url);
  if (!underContract(url)) return;
  // Loaded at the first answer to check: most test files never talk to a gateway.
  checker ??= contractChecker(JSON.parse(readFileSync(DOCUMENT_FILE, 'utf8')));
  const problems = checker({ method: answer.method, path: url.pathname + url.search, status: answer.status, contentType: answer.contentType, body: answer.body });
  if (problems.length > 0) throw new Error(`The answer does not match docs/openapi.json:\n${problems.join('\n')}`);
}

async function jsonBodyOf(response: Response): Promise<unknown> {
  const contentType = response.headers.get('content-type');
  if (contentType === null || !isJson(contentType)) return undefined;
  const text = await response.clone().text();
  return text === '' ? undefined : JSON.parse(text);
}

function requestOf(input: string | URL | Request, init: RequestInit | undefined): { method: string; url: string } {
  if (input instanceof Request) return { method: init?.method ?? input.method, url: input.url };
  return { method: init?.method ?? 'GET', url: String(input) };
}

/**
 * Wraps the global fetch so that every answer a test receives from a Signet under test, whoever asked
 * (the harness, a raw fetch, the SDK), goes through checkAnswer: an undocumented status or field fails
 * the request, and so the test.
 */
export function checkEveryFetch(): void {
  const fetchUnchecked = globalThis.fetch;
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const response = await fetchUnchecked(input, init);
    const request = requestOf(input, init);
    // A followed redirect ends in a GET of where it led.
    const answered = response.redirected ? { method: 'GET', url: response.url } : request;
    if (underContract(new URL(answered.url))) {
      checkAnswer({ ...answered, status: response.status, contentType: response.headers.get('content-type'), body: await jsonBodyOf(response) });
    }
    return response;
  };
}
