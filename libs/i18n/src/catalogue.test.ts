import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { CATALOGUE, type MessageKey } from './catalogue';
import { GLOSSARY } from './glossary';
import { LANGUAGES } from './languages';

/** The names of a message's placeholders, plural branches included. */
function argumentsOf(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.argument || element.type === TYPE.number || element.type === TYPE.date || element.type === TYPE.time) found.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      found.add(element.value);
      for (const option of Object.values(element.options)) argumentsOf(option.value, found);
    }
  }
  return found;
}

const english = CATALOGUE.en;
const keys = Object.keys(english).sort() as MessageKey[];
const others = LANGUAGES.filter((language) => language.key !== 'en');

describe('the message catalogue', () => {
  it.each(others.map((language) => language.key))('%s has every key of English and no other', (key) => {
    expect(Object.keys(CATALOGUE[key]).sort()).toEqual(keys);
  });

  it.each(LANGUAGES.map((language) => language.key))('%s uses the placeholders of English in every message', (key) => {
    const differing = keys.filter((message) => {
      const want = [...argumentsOf(parse(english[message]))].sort();
      const have = [...argumentsOf(parse(CATALOGUE[key][message]))].sort();
      return JSON.stringify(want) !== JSON.stringify(have);
    });
    expect(differing).toEqual([]);
  });

  it('keeps HTML out of messages and gives every plural an other branch', () => {
    const faults = LANGUAGES.flatMap((language) => keys.flatMap((message) => {
      const text = CATALOGUE[language.key][message];
      const html = /[<>&]/.test(text) ? ['html'] : [];
      const plurals = parse(text).filter((element) => element.type === TYPE.plural && !('other' in element.options)).map(() => 'no other');
      return [...html, ...plurals].map((fault) => `${language.key}:${message}: ${fault}`);
    }));
    expect(faults).toEqual([]);
  });

  it.each(Object.keys(GLOSSARY))('uses each language\'s one word for "%s"', (term) => {
    const patterns = GLOSSARY[term as keyof typeof GLOSSARY];
    // Placeholder names ({envelope}) are not words of the text.
    const uses = keys.filter((message) => patterns.en.test(english[message].replace(/\{(\w+)/g, '{')));
    expect(uses.length).toBeGreaterThan(0);
    const missing = others.flatMap((language) =>
      uses.filter((message) => !patterns[language.key].test(CATALOGUE[language.key][message])).map((message) => `${language.key}:${message}`));
    expect(missing).toEqual([]);
  });
});
