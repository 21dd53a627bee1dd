// The page's texts: the server puts the session language's builder.* messages in data-messages; no text of
// the API is shown as it came, except the field problems of a refused save, which name what to fix.

/** `say('builder.announce.placed', { placement })`: the message with its {placeholders} filled (numbers the language's way). */
export function createSay(messages, language) {
  const numbers = new Intl.NumberFormat(language || 'en');
  return (key, values = {}) => {
    const message = messages[key] ?? key;
    return message.replace(/\{(\w+)\}/g, (_, name) => (typeof values[name] === 'number' ? numbers.format(values[name]) : String(values[name] ?? '')));
  };
}
