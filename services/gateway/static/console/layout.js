// The frame around every page: the navigation, the language, signing out, and the main region pages fill.

import { element, labelled } from '/components/dom.js';
import { languageOptions } from './view.js';

const SECTIONS = ['envelopes', 'templates', 'batches', 'webhooks', 'keys', 'settings'];

function languageForm(say, languages, current) {
  const select = element('select', { name: 'lang' }, ...languageOptions(languages, current));
  const form = element('form', { class: 'language' }, labelled('console-language', say('console.language'), select), element('button', { type: 'submit' }, say('console.language.apply')));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    window.location.assign(`/console?lang=${encodeURIComponent(select.value)}${window.location.hash}`);
  });
  return form;
}

function signOutForm(say, csrfToken) {
  return element('form', { method: 'post', action: '/console/sign-out', class: 'sign-out' },
    element('input', { type: 'hidden', name: 'csrf', value: csrfToken }),
    element('button', { type: 'submit' }, say('console.signOut')));
}

/** Builds the frame into `root`; answers the main region and a function that marks the current section. */
export function createLayout(root, { say, languages, language, csrfToken }) {
  const links = new Map(SECTIONS.map((section) => [section, element('a', { href: `#/${section}` }, say(`console.nav.${section}`))]));
  const nav = element('nav', { 'aria-label': say('console.nav.label') }, element('ul', {}, ...[...links.values()].map((link) => element('li', {}, link))));
  const skip = element('a', { class: 'skip', href: '#content' }, say('console.skip'));
  const main = element('main', { id: 'content', tabindex: '-1' });
  const header = element('header', {}, element('p', { class: 'brand' }, say('console.title')), nav, element('div', { class: 'session' }, languageForm(say, languages, language), signOutForm(say, csrfToken)));
  root.replaceChildren(skip, header, main);
  return {
    main,
    select(section) {
      for (const [name, link] of links) {
        if (name === section) link.setAttribute('aria-current', 'page');
        else link.removeAttribute('aria-current');
      }
    }
  };
}
