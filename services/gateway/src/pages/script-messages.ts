import { CATALOGUE, translate, type Language, type MessageKey, type MessageValues } from '@signet/i18n';

/** A message for a page's script: a text with its `{placeholders}` kept, or one such text per plural category. */
export type ScriptMessage = string | Record<string, string>;

const PLURAL_ARGUMENT = /\{\s*(\w+)\s*,\s*plural\s*,/;
const PLURAL_SAMPLES = [0, 1, 2, 3, 5, 11, 21, 22, 25, 100, 101, 102, 1.5];

/** Values that leave every placeholder as `{name}` for the script to fill (and `number` for the plural argument, if any). */
function keeping(plural?: { name: string; number: number }): MessageValues {
  return new Proxy({}, {
    get: (_target, name) => (typeof name !== 'string' ? undefined : name === plural?.name ? plural.number : `{${name}}`),
    has: () => true
  }) as MessageValues;
}

/**
 * One template per plural category of the language, as the signer page's script gets them: the browser
 * picks one with Intl.PluralRules and fills the number itself, with no message parser.
 */
function pluralTexts(language: Language, key: MessageKey, argument: string): Record<string, string> {
  const rules = new Intl.PluralRules(language.tag);
  const numbers = new Intl.NumberFormat(language.tag);
  const texts: Record<string, string> = {};
  for (const category of rules.resolvedOptions().pluralCategories) {
    const sample = PLURAL_SAMPLES.find((candidate) => rules.select(candidate) === category);
    if (sample === undefined) continue;
    texts[category] = translate(language, key, keeping({ name: argument, number: sample })).split(numbers.format(sample)).join(`{${argument}}`);
  }
  return texts;
}

/** Every message of the catalogue under `prefix` (`builder.`, `console.`) in the language, for a page's `data-messages`. */
export function scriptMessages(language: Language, prefix: string): Record<string, ScriptMessage> {
  const messages = CATALOGUE[language.key] as Record<string, string>;
  const keys = Object.keys(messages).filter((key) => key.startsWith(prefix)) as MessageKey[];
  return Object.fromEntries(keys.map((key) => {
    const plural = PLURAL_ARGUMENT.exec(messages[key] ?? '')?.[1];
    return [key, plural ? pluralTexts(language, key, plural) : translate(language, key, keeping())];
  }));
}
