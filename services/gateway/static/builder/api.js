// The public API with the session's token (kept in memory only). An expired token is told to the host
// (`token-expired`); the request waits for the token the host sends back (`set-token`) and is made again.

import { ApiError, callApi } from '/components/api-client.js';

export { ApiError };

export function createApi({ token, onTokenExpired }) {
  let current = token;
  let waiting = [];

  const send = (method, path, body) => callApi(method, path, body, { headers: { authorization: `Bearer ${current}` } });

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
