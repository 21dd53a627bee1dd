import { bracketFields } from '@signet/contracts';

/** One request to a documented route and its answer, as sent and received. */
export interface Exchange {
  /** The route as the route tables name it: `POST /api/v1/envelopes/:id/send_invitation`. */
  route: string;
  params: Record<string, string>;
  query: Record<string, unknown>;
  /** The JSON body, or a form's fields as sent (bracket notation). */
  body?: unknown;
  status: number;
  /** The JSON answer; undefined for other media types (PDF, HTML, images). */
  response?: unknown;
}

export interface CallOptions {
  params?: Record<string, string>;
  /** A value that is an object goes as one parameter per key: `metadata[crm_id]=...` (deepObject). */
  query?: Record<string, string | Record<string, string>>;
  json?: unknown;
  /** A nested object, sent as a multipart form in bracket notation. */
  form?: object;
  pdf?: Buffer;
  /** One file, sent as a multipart form in the field `file`. */
  file?: { name: string; type: string; bytes: Buffer };
  /** The API key, sent to /api routes unless null. */
  key?: string | null;
  headers?: Record<string, string>;
}

// The recorder reads any answer's JSON; callers know the shape of the routes they call.
export type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface Answer {
  status: number;
  body: Json;
}

function pathOf(route: string, params: Record<string, string>): { method: string; path: string } {
  const [method, template] = route.split(' ') as [string, string];
  const path = template.replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route} needs the path parameter ${name}`);
    return encodeURIComponent(value);
  });
  return { method, path };
}

function searchOf(query: CallOptions['query'] = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (typeof value === 'string') search.append(name, value);
    else for (const [key, item] of Object.entries(value)) search.append(`${name}[${key}]`, item);
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

function requestOf(options: CallOptions): { body?: string | FormData | Buffer; recorded?: unknown; headers: Record<string, string> } {
  if (options.json !== undefined) return { body: JSON.stringify(options.json), recorded: options.json, headers: { 'content-type': 'application/json' } };
  if (options.pdf !== undefined) return { body: options.pdf, headers: { 'content-type': 'application/pdf' } };
  if (options.file !== undefined) {
    const form = new FormData();
    form.append('file', new Blob([options.file.bytes], { type: options.file.type }), options.file.name);
    return { body: form, headers: {} };
  }
  if (options.form === undefined) return { headers: {} };
  const fields = bracketFields(options.form);
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return { body: form, recorded: fields, headers: {} };
}

/**
 * Calls Signet's routes by their route-table names and keeps the first exchange of each route and status:
 * the documentation's examples. `peek` asks without keeping (polling until something is ready).
 */
export function createRecorder(baseUrl: string, apiKey: string) {
  const kept = new Map<string, Exchange>();

  async function send(route: string, options: CallOptions): Promise<Exchange> {
    const params = options.params ?? {};
    const { method, path } = pathOf(route, params);
    const request = requestOf(options);
    const key = path.startsWith('/api/') && options.key !== null ? options.key ?? apiKey : undefined;
    const headers = { ...request.headers, ...options.headers, ...(key === undefined ? {} : { authorization: key }) };
    const response = await fetch(`${baseUrl}${path}${searchOf(options.query)}`, { method, headers, body: request.body, redirect: 'manual' });
    const isJson = /^application\/json\b/.test(response.headers.get('content-type') ?? '');
    const text = await response.text();
    return {
      route, params, query: options.query ?? {}, ...(request.recorded === undefined ? {} : { body: request.recorded }),
      status: response.status, ...(isJson && text !== '' ? { response: JSON.parse(text) } : {})
    };
  }

  return {
    /** Sends and keeps the exchange; an answer other than `expected` stops the capture. */
    async call(route: string, expected: number, options: CallOptions = {}): Promise<Answer> {
      const exchange = await send(route, options);
      if (exchange.status !== expected) throw new Error(`${route} answered ${exchange.status}, not ${expected}: ${JSON.stringify(exchange.response)}`);
      const id = `${route} ${exchange.status}`;
      if (!kept.has(id)) kept.set(id, exchange);
      return { status: exchange.status, body: exchange.response };
    },
    async peek(route: string, options: CallOptions = {}): Promise<Answer> {
      const exchange = await send(route, options);
      return { status: exchange.status, body: exchange.response };
    },
    exchanges: (): Exchange[] => [...kept.values()]
  };
}

export type Recorder = ReturnType<typeof createRecorder>;
