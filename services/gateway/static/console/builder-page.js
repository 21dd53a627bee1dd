// A draft envelope or a template in Signet's embeddable editor, framed here like any integrator's page
// frames it: a builder session for this origin, renewed when its token expires.

import { element } from '/components/dom.js';
import { hrefOf } from './router.js';
import { link } from './view.js';

let elementLoaded = null;

/** The `<signet-builder>` element's script, loaded once. */
function loadElement() {
  elementLoaded ??= new Promise((resolve, reject) => {
    const script = element('script', { type: 'module', src: '/embed/builder.js' });
    script.addEventListener('load', resolve);
    script.addEventListener('error', reject);
    document.head.append(script);
  });
  return elementLoaded;
}

export async function showBuilder(context, route) {
  const { api, say } = context;
  const envelopeId = route.query.get('envelope');
  const templateId = route.query.get('template');
  const target = envelopeId ? { envelope_id: envelopeId } : { template_id: templateId };
  const start = async () => (await api.post('/api/v1/builder_sessions', { ...target, origins: [window.location.origin], language: context.language.toUpperCase() })).builder_session;
  const [session] = await Promise.all([start(), loadElement()]);
  const editor = element('signet-builder', { url: session.url, token: session.token, class: 'builder' });
  editor.addEventListener('token-expired', async () => editor.setToken((await start()).token));
  editor.addEventListener('save', () => context.announce(say('console.builder.saved')));
  const back = envelopeId ? link(hrefOf(['envelopes', envelopeId]), say('console.builder.backToEnvelope')) : link(hrefOf(['templates']), say('console.builder.backToTemplates'));
  context.render(say(envelopeId ? 'console.builder.envelope' : 'console.builder.template'), element('p', {}, back), editor);
}
