import type { Page } from 'playwright-core';
import { CATALOGUE, type LanguageKey } from '@signet/i18n';

/**
 * The English texts of the signer page (every `page.*` and `script.*` message of the catalogue, and those
 * of its identity steps: `identity.consent.*`, `.page.*`, `.reason.*`; split at their placeholders), less those a language writes the same way itself ("Zoom",
 * "PNG"): what must not be seen on a page in that language.
 */
export function englishFragments(language: LanguageKey): string[] {
  const own = Object.values(CATALOGUE[language]).join('\n');
  return Object.entries(CATALOGUE.en)
    .filter(([key]) => /^(page|script|identity\.(consent|page|reason))\./.test(key))
    .flatMap(([, message]) => message.split(/\{[^{}]*\}|#|\b(?:one|other|plural)\b/))
    .map((fragment) => fragment.replace(/[{}]/g, '').trim())
    .filter((fragment) => /\p{L}{3}/u.test(fragment) && !own.includes(fragment));
}

/** The fragments found, as whole words, in the texts a page shows or says. */
export function englishLeft(language: LanguageKey, shown: string): string[] {
  return englishFragments(language).filter((fragment) =>
    new RegExp(`(?<!\\p{L})${fragment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\p{L})`, 'u').test(shown));
}

/**
 * What a page shows and says: its text, the labels of what has none, and every message its scripts may
 * show (the `data-messages` of the page and of an identity step). The documents' own text (pdf.js's text
 * layer) is the contract's, in whatever language it was written, and is left out.
 */
export async function shownTexts(page: Page): Promise<string> {
  return page.evaluate(() => {
    const doc = (globalThis as any).document; // eslint-disable-line @typescript-eslint/no-explicit-any
    const attributes = [...doc.querySelectorAll('[aria-label], [alt], [title], [placeholder]')]
      .flatMap((node: any) => ['aria-label', 'alt', 'title', 'placeholder'].map((name) => node.getAttribute(name) ?? '')); // eslint-disable-line @typescript-eslint/no-explicit-any
    const scripted = [...doc.querySelectorAll('[data-messages]')].flatMap((node: any) => // eslint-disable-line @typescript-eslint/no-explicit-any
      Object.values(JSON.parse(node.dataset.messages)).flatMap((message) => (typeof message === 'string' ? [message] : Object.values(message as object))));
    const clone = doc.body.cloneNode(true);
    clone.querySelectorAll('.textLayer').forEach((layer: any) => layer.remove()); // eslint-disable-line @typescript-eslint/no-explicit-any
    return [doc.title, clone.innerText, ...attributes, ...scripted].join('\n');
  });
}
