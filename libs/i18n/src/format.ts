import { IntlMessageFormat } from 'intl-messageformat';
import { CATALOGUE, type MessageKey } from './catalogue';
import type { Language } from './languages';

export type MessageValues = Record<string, string | number | Date>;

const compiled = new Map<string, IntlMessageFormat>();

function messageFormat(language: Language, key: MessageKey): IntlMessageFormat {
  const id = `${language.key}:${key}`;
  let format = compiled.get(id);
  if (!format) {
    format = new IntlMessageFormat(CATALOGUE[language.key][key], language.tag);
    compiled.set(id, format);
  }
  return format;
}

/** One message of the catalogue in `language`, its placeholders filled (plurals, numbers and dates through Intl). */
export function translate(language: Language, key: MessageKey, values: MessageValues = {}): string {
  return String(messageFormat(language, key).format(values));
}

/** `translate` bound to one language. */
export type Translator = (key: MessageKey, values?: MessageValues) => string;

export function translator(language: Language): Translator {
  return (key, values) => translate(language, key, values);
}

/**
 * A plural message as one template per plural category of the language (`{one: '... {left} ...',
 * other: ...}`), for the signer page's script, which picks one with `Intl.PluralRules` and fills the
 * number in itself: the browser gets no message parser. Each category is formatted with a number of
 * that category, which is then put back as the placeholder.
 */
export function pluralTemplates(language: Language, key: MessageKey, argument: string): Record<string, string> {
  const rules = new Intl.PluralRules(language.tag);
  const numbers = new Intl.NumberFormat(language.tag);
  const templates: Record<string, string> = {};
  for (const category of rules.resolvedOptions().pluralCategories) {
    const sample = [0, 1, 2, 3, 5, 11, 21, 22, 25, 100, 101, 102, 1.5].find((candidate) => rules.select(candidate) === category);
    if (sample === undefined) continue;
    const text = translate(language, key, { [argument]: sample });
    templates[category] = text.split(numbers.format(sample)).join(`{${argument}}`);
  }
  return templates;
}

/**
 * English and Spanish keep the times they always had (`2026-11-21 10:45 UTC`), which integrations may
 * parse; every other language writes the date its own way, the zone always named.
 */
const ISO_TIMES = new Set(['en', 'es']);

/** A moment for people to read, in UTC and saying so; `seconds` for records (stamps, evidence). */
export function formatDateTime(language: Language, date: Date, options: { seconds?: boolean } = {}): string {
  if (ISO_TIMES.has(language.key)) {
    const iso = date.toISOString();
    return `${iso.slice(0, 10)} ${iso.slice(11, options.seconds ? 19 : 16)} UTC`;
  }
  return new Intl.DateTimeFormat(language.tag, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(options.seconds ? { second: '2-digit' } : {}),
    hourCycle: 'h23',
    timeZone: 'UTC',
    timeZoneName: 'short'
  }).format(date);
}
