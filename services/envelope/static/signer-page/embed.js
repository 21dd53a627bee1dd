// Embedded signing: the page tells the app that frames it what happens (postMessage, only to the origins
// the envelope's signature_flow.embed_origins allows: the same ones its CSP lets frame it), and can send
// the signer on to signature_flow.redirect_url once they have signed or rejected.
const root = document.getElementById('signer');
const embed = JSON.parse(root.dataset.embed);

/** Tells the parent window `type` (loaded, signed, rejected, error); nothing when the page is not framed. */
export function tell(type, extra = {}) {
  if (window.parent === window) return;
  const message = { source: 'signet', type, envelope_id: embed.envelope_id, recipient_id: embed.recipient_id, ...extra };
  // A message to an origin other than the parent's is dropped by the browser, so only the real parent hears it.
  for (const origin of embed.origins) window.parent.postMessage(message, origin);
}

/** Goes to redirect_url with what happened; false when there is none (the page then shows its own ending). */
export function redirectAfter(event) {
  if (!embed.redirect_url) return false;
  const url = new URL(embed.redirect_url);
  url.searchParams.set('event', event);
  url.searchParams.set('envelope_id', embed.envelope_id);
  url.searchParams.set('recipient_id', embed.recipient_id);
  location.assign(url.href);
  return true;
}
