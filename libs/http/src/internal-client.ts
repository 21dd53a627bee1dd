import type { RequestListener } from 'node:http';
import type { Express } from 'express';
import { request } from 'undici';
import { AppError, FieldError } from './app-error';
import { callInProcess, inProcessPart } from './in-process-call';
import { signInternalHeaders } from './internal-auth';
import { operationCall, type OperationAnswer } from './internal-operation';
import type { RequestContext } from './request-context';

export interface InternalCall {
  baseUrl: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  context: RequestContext;
  secret: string;
  body?: unknown;
  timeoutMs?: number;
}

interface ErrorBody {
  error?: string;
  code?: string;
  details?: FieldError[];
}

interface Answer<T> {
  status: number;
  body: T & ErrorBody;
}

function parsed<T>(text: string): T & ErrorBody {
  try {
    return JSON.parse(text) as T & ErrorBody;
  } catch {
    return {} as T & ErrorBody;
  }
}

/** The headers a part's app checks: the caller's context, signed. */
function signedHeaders(call: InternalCall): Record<string, string> {
  const headers: Record<string, string> = signInternalHeaders(call.secret, call.method, call.path, call.context);
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  return headers;
}

/**
 * undici's request, not the global fetch: fetch's WHATWG streams and signals cost about three times
 * the CPU of the call's own work.
 */
async function overHttp<T>(call: InternalCall, body: string | undefined, timeoutMs: number): Promise<Answer<T>> {
  const response = await request(`${call.baseUrl}${call.path}`, { method: call.method, headers: signedHeaders(call), body, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
  return { status: response.statusCode, body: parsed<T>(await response.body.text()) };
}

/** What the part's app answers in this process: its operation run directly if it has one, else a request handed to the app. */
async function answerInProcess<T>(app: RequestListener, call: InternalCall, body: string | undefined): Promise<Answer<T>> {
  const operation = operationCall(app as Express, call.method, call.path);
  if (operation) {
    const answer: OperationAnswer = await operation(call.secret, call.context, body);
    return { status: answer.status, body: answer.body as T & ErrorBody };
  }
  const answer = await callInProcess(app, { method: call.method, path: call.path, headers: signedHeaders(call), body });
  return { status: answer.status, body: parsed<T>(answer.body.toString('utf8')) };
}

/** A part served by this process answers here, within the same time limit as over HTTP. */
async function inProcess<T>(app: RequestListener, call: InternalCall, body: string | undefined, timeoutMs: number): Promise<Answer<T>> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('no answer in time')), timeoutMs);
  });
  try {
    return await Promise.race([answerInProcess<T>(app, call, body), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A JSON call to another part: handed to it in this process when this process serves it (see
 * in-process-call.ts), an operation getting the caller's context as it is; else signed, over HTTP. A 4xx
 * answer comes back as the same AppError (a 422's field details included), so a caller can pass it on to
 * its own client; anything else is SERVICE_UNAVAILABLE.
 */
export async function callInternal<T>(call: InternalCall): Promise<T> {
  const body = call.body === undefined ? undefined : JSON.stringify(call.body);
  const timeoutMs = call.timeoutMs ?? 10_000;
  const app = inProcessPart(call.baseUrl);
  let answer: Answer<T>;
  try {
    answer = app ? await inProcess<T>(app, call, body, timeoutMs) : await overHttp<T>(call, body, timeoutMs);
  } catch {
    throw new AppError('SERVICE_UNAVAILABLE', `A part Signet needs did not answer (${call.method} ${call.path})`);
  }
  const { status, body: answered } = answer;
  if (status >= 200 && status < 300) return answered;
  if (status === 404) throw new AppError('NOT_FOUND', answered.error ?? 'Not found');
  if (status === 422) throw new AppError('VALIDATION_FAILED', answered.error ?? 'Invalid input', answered.details);
  throw new AppError('SERVICE_UNAVAILABLE', `A part Signet needs answered ${status} (${call.method} ${call.path})`);
}
