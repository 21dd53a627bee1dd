// One request to Signet's public API, as every page of Signet's makes it: JSON in and out, and an
// ApiError carrying the answer's status, code and details when the API refuses.

export class ApiError extends Error {
  constructor(status, answer) {
    super(answer.error ?? `HTTP ${status}`);
    this.status = status;
    this.code = answer.code ?? null;
    this.details = Array.isArray(answer.details) ? answer.details : [];
  }
}

/**
 * `headers` are the caller's credential (a builder token, a console's CSRF token); `credentials` whether
 * the browser sends its cookies. A FormData body sets its own multipart type, a Blob goes raw as a PDF.
 */
export async function callApi(method, path, body, { headers = {}, credentials = 'omit' } = {}) {
  const sent = { ...headers };
  if (body instanceof Blob) sent['content-type'] = 'application/pdf';
  else if (body !== undefined && !(body instanceof FormData)) sent['content-type'] = 'application/json';
  const raw = body === undefined || body instanceof FormData || body instanceof Blob;
  const response = await fetch(path, { method, headers: sent, body: raw ? body : JSON.stringify(body), credentials });
  const answer = await response.json().catch(() => ({}));
  if (response.ok) return answer;
  throw new ApiError(response.status, answer);
}
