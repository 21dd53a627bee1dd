import type { Request } from 'express';
import { language, LANGUAGES, type Language } from '@signet/i18n';

/** The language a console page is in: `?lang=` when it names one of Signet's, else the browser's choice, else English. */
export function consoleLanguage(req: Request, sessionLanguage?: string): Language {
  const asked = typeof req.query.lang === 'string' ? LANGUAGES.find((one) => one.key === req.query.lang) : undefined;
  if (asked) return asked;
  if (sessionLanguage) return language(sessionLanguage);
  const accepted = req.acceptsLanguages(LANGUAGES.map((one) => one.key));
  return (typeof accepted === 'string' ? LANGUAGES.find((one) => one.key === accepted) : undefined) ?? LANGUAGES[0];
}
