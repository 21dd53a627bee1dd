// The {{tokens}} written in the documents' text: each offered as a place for the armed type (a signature
// when none is armed), for the chosen recipient. Such a placement follows its token, not coordinates.
import { element } from '/components/dom.js';

export function createTokensPanel({ container, say, actions, pages }) {
  const heading = element('h2', { id: 'tokens-title' }, say('builder.tokens.title'));
  const list = element('ul', { class: 'plain' });
  const none = element('p', { class: 'hint' }, say('builder.tokens.none'));
  container.append(heading, list, none);
  container.setAttribute('aria-labelledby', 'tokens-title');

  return {
    render({ ui }) {
      const found = pages.pages().flatMap((page) => page.size.tokens.map((token) => ({ ...token, page })));
      // One entry per token and document: the API places a token where the document first has it.
      const unique = found.filter((token, index) => found.findIndex((other) => other.token === token.token && other.page.documentKey === token.page.documentKey) === index);
      none.hidden = unique.length > 0;
      list.replaceChildren(...unique.map((token) => {
        const button = element('button', { type: 'button', class: 'quiet', disabled: ui.readOnly || !ui.recipient },
          say('builder.tokens.place', { token: token.token, page: token.page.number }));
        button.addEventListener('click', () => actions.placeOnToken(token.page, token.token));
        return element('li', {}, button);
      }));
    }
  };
}
