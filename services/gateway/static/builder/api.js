// The public API with the session's token (kept in memory only). An expired token is told to the host
// (`token-expired`); the request waits for the token the host sends back (`set-token`) and is made again.

export class ApiError extends Error {
  constructor(status, answer) {
    super(answer.error ?? `HTTP ${status}`);
    this.status = status;
    this.code = answer.code ?? null;
    this.details = Array.isArray(answer.details) ? answer.details : [];
  }
}

export function createApi({ token, onTokenExpired }) {
  let current = token;
  let waiting = [];

  async function send(method, path, body) {
    const headers = { authorization: `Bearer ${current}` };
    // A FormData body sets its own multipart type and boundary; a file goes raw, as a PDF.
    if (body instanceof Blob) headers['content-type'] = 'application/pdf';
    else if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
    const raw = body === undefined || body instanceof FormData || body instanceof Blob;
    const response = await fetch(path, { method, headers, body: raw ? body : JSON.stringify(body), credentials: 'omit' });
    const answer = await response.json().catch(() => ({}));
    if (response.ok) return answer;
    throw new ApiError(response.status, answer);
  }

  async function request(method, path, body) {
    try {
      return await send(method, path, body);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401 || error.code !== 'TOKEN_EXPIRED') throw error;
      const renewed = new Promise((resolve) => waiting.push(resolve));
      onTokenExpired();
      await renewed;
      return send(method, path, body);
    }
  }

  return {
    /** The raw file to an upload URL (Signet's own, which takes the session's token). */
    putFile: (url, file) => request('PUT', url, file),
    get: (path) => request('GET', path),
    post: (path, body) => request('POST', path, body ?? {}),
    put: (path, body) => request('PUT', path, body),
    setToken(token) {
      current = token;
      const resolved = waiting;
      waiting = [];
      for (const resolve of resolved) resolve();
    }
  };
}
