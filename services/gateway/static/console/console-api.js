// The public API as the signed-in console calls it: the session cookie is the credential, and every write
// carries the session's CSRF token. A session that has ended sends the viewer back to the sign-in page.

import { ApiError, callApi } from '/components/api-client.js';

export { ApiError };

export function createConsoleApi(csrfToken) {
  async function request(method, path, body) {
    const headers = method === 'GET' ? {} : { 'x-csrf-token': csrfToken };
    try {
      return await callApi(method, path, body, { headers, credentials: 'same-origin' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) window.location.assign('/console');
      throw error;
    }
  }

  return {
    get: (path) => request('GET', path),
    post: (path, body) => request('POST', path, body ?? {}),
    put: (path, body) => request('PUT', path, body),
    delete: (path) => request('DELETE', path)
  };
}

/** A path with a query from the entries that have a value. */
export function withQuery(path, values) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value !== undefined && value !== null && value !== '') query.append(name, String(value));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
