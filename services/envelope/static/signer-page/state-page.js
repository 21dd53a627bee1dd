// A page that cannot sign (signed, rejected, voided, not yet your turn): tells an embedding app so, and
// while the signed copy is being prepared, looks again until it is ready.
import { tell } from '/sign/assets/embed.js';

const root = document.getElementById('signer');
tell('loaded', { state: root.dataset.state });

const POLL_MS = 3000;
const POLL_LIMIT = 40;
if (document.getElementById('next-step')?.dataset.preparing === 'true') {
  let tries = 0;
  const look = async () => {
    tries += 1;
    const session = await (await fetch(`/signing/v1/${encodeURIComponent(root.dataset.token)}`)).json().catch(() => ({}));
    if (session.state === 'COMPLETED') location.reload();
    else if (tries < POLL_LIMIT) setTimeout(look, POLL_MS);
  };
  setTimeout(look, POLL_MS);
}
