// Pages by the address's fragment: `#/envelopes?status=SENT`, `#/envelopes/<id>`. The fragment keeps each
// page's place in history, so Back works, and never reaches the server.

/** The page a fragment names: its path segments and query. */
export function routeOf(hash) {
  const [path, query] = hash.replace(/^#\/?/, '').split('?');
  const segments = path.split('/').filter(Boolean).map(decodeURIComponent);
  return { segments: segments.length > 0 ? segments : ['envelopes'], query: new URLSearchParams(query ?? '') };
}

export function hrefOf(segments, query) {
  const text = query ? new URLSearchParams(query).toString() : '';
  return `#/${segments.map(encodeURIComponent).join('/')}${text ? `?${text}` : ''}`;
}

/** Shows the page of the fragment now and at each change; a fragment that is no page (the skip link's `#content`) changes nothing. */
export function startRouter(show) {
  window.addEventListener('hashchange', () => {
    if (window.location.hash.startsWith('#/')) show(routeOf(window.location.hash));
  });
  show(routeOf(window.location.hash.startsWith('#/') ? window.location.hash : ''));
}
