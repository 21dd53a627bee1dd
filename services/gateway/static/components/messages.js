// A page's texts: the server puts the catalogue's messages for the page (builder.*, console.*) in the viewer's
// language in data-messages. A plural message comes as one text per plural category of the language.

/** `say('builder.announce.placed', { placement })`: the message with its {placeholders} filled (numbers the language's way). */
export function createSay(messages, language) {
  const numbers = new Intl.NumberFormat(language || 'en');
  const plurals = new Intl.PluralRules(language || 'en');
  return (key, values = {}) => {
    let message = messages[key] ?? key;
    if (typeof message === 'object') {
      const count = Object.values(values).find((value) => typeof value === 'number') ?? 0;
      message = message[plurals.select(count)] ?? message.other ?? key;
    }
    return message.replace(/\{(\w+)\}/g, (_, name) => (typeof values[name] === 'number' ? numbers.format(values[name]) : String(values[name] ?? '')));
  };
}
