import { Type, type Static } from '@sinclair/typebox';

/** POST /console/sign-in: the console's sign-in form (urlencoded, as a browser posts it). */
export const ConsoleSignInForm = Type.Object({
  api_key: Type.String({ minLength: 1, maxLength: 200, description: 'The API key to sign in with; kept by neither the browser nor Signet, which keeps a session instead' }),
  language: Type.Optional(Type.String({ description: 'The console\'s language, e.g. `es` (one of the 15); default: the browser\'s' }))
}, { additionalProperties: false });
export type ConsoleSignInForm = Static<typeof ConsoleSignInForm>;

/** POST /console/sign-out: the session's CSRF token, as a form field (or the X-CSRF-Token header). */
export const ConsoleSignOutForm = Type.Object({
  csrf: Type.Optional(Type.String({ description: "The session's CSRF token, which the console page holds" }))
}, { additionalProperties: false });
export type ConsoleSignOutForm = Static<typeof ConsoleSignOutForm>;
