// The page that frames the editor (the host): messages to it go to its one origin, never '*', and only once
// the session has said that origin may frame it; messages from it are taken only from the parent window at
// that origin.

export function createHost({ origin, onMessage }) {
  let allowed = false;
  window.addEventListener('message', (event) => {
    if (!allowed || event.source !== window.parent || event.origin !== origin) return;
    const data = event.data;
    if (!data || data.source !== 'signet-builder-host' || typeof data.type !== 'string') return;
    onMessage(data.type, data.detail ?? {});
  });
  return {
    /** Whether `origins` (the session's) include the host's; until this says yes, nothing is sent or taken. */
    allow(origins) {
      allowed = window.parent !== window && typeof origin === 'string' && origins.includes(origin);
      return allowed;
    },
    tell(type, detail = {}) {
      if (!allowed) return;
      window.parent.postMessage({ source: 'signet-builder', type, detail }, origin);
    }
  };
}
