import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { AppError } from '@signet/http';
import { LANGUAGES } from '@signet/i18n';
import { scriptMessages } from '../pages/script-messages';
import { setConsoleCookie } from './console-cookie';
import { CONSOLE_SESSION_MS, type ConsoleDeps } from './console-deps';
import { consoleLanguage } from './console-language';
import { carriesCsrfToken, CSRF_HEADER, liveConsoleSession } from './console-session-auth';
import { renderConsolePage, renderSignInPage } from './render-console-page';
import { signInToConsole } from './sign-in';

const STATIC = path.join(__dirname, '..', '..', 'static', 'console');

/** Signet's own scripts and styles, the API and previews of Signet's own pages; framed by nobody. */
const PAGE_HEADERS = {
  'Content-Security-Policy': [
    "default-src 'none'", "script-src 'self'", "style-src 'self'", "connect-src 'self'", "img-src 'self' data:",
    "frame-src 'self'", "font-src 'self'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'"
  ].join('; '),
  'Referrer-Policy': 'same-origin',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Opener-Policy': 'same-origin'
};

/**
 * A form post from another site (login CSRF) is refused: the browser says where the request comes from,
 * in Sec-Fetch-Site, or else in Origin.
 */
function fromThisSite(req: Request): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

function consoleAssets(): Record<string, string> {
  const files = existsSync(STATIC) ? readdirSync(STATIC).filter((name) => /\.(js|css)$/.test(name)) : [];
  return Object.fromEntries(files.map((name) => [name, path.join(STATIC, name)]));
}

/** The console's pages: sign-in, the console itself, sign-out, and its files. Everything else it does is the public API. */
export function consoleRoutes(deps: ConsoleDeps, signInLimit: RequestHandler): Router {
  const router = Router();
  const assets = consoleAssets();
  const secure = deps.publicBaseUrl.startsWith('https:');
  const form = express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 5 });

  router.get('/console', async (req, res) => {
    const caller = await liveConsoleSession(deps, req.headers.cookie);
    res.status(200).type('html').set(PAGE_HEADERS);
    if (!caller) {
      res.send(renderSignInPage(consoleLanguage(req), null));
      return;
    }
    const language = consoleLanguage(req, caller.session.language);
    res.send(renderConsolePage(language, scriptMessages(language, 'console.'), caller.session.csrf_token));
  });

  router.post('/console/sign-in', signInLimit, form, async (req: Request, res: Response) => {
    if (!fromThisSite(req)) throw new AppError('FORBIDDEN', 'Sign in from the console page itself');
    const chosen = LANGUAGES.find((one) => one.key === req.body?.language) ?? consoleLanguage(req);
    const cookie = await signInToConsole(deps, typeof req.body?.api_key === 'string' ? req.body.api_key.trim() : '', chosen.code);
    if (!cookie) {
      res.status(401).type('html').set(PAGE_HEADERS).send(renderSignInPage(chosen, 'console.signIn.refused'));
      return;
    }
    res.set(PAGE_HEADERS).setHeader('Set-Cookie', setConsoleCookie(cookie, secure, CONSOLE_SESSION_MS / 1000));
    res.redirect(303, '/console');
  });

  router.post('/console/sign-out', form, async (req: Request, res: Response) => {
    const caller = await liveConsoleSession(deps, req.headers.cookie);
    if (caller) {
      if (!carriesCsrfToken(caller.session, req.headers[CSRF_HEADER] ?? req.body?.csrf)) throw new AppError('FORBIDDEN', 'Signing out must carry the session\'s CSRF token');
      await deps.sessions.end(caller.session.id, deps.clock());
    }
    res.set(PAGE_HEADERS).setHeader('Set-Cookie', setConsoleCookie(null, secure, 0));
    res.redirect(303, '/console');
  });

  router.get('/console/assets/:file', (req, res) => {
    const file = assets[String(req.params.file)];
    if (!file) throw new AppError('NOT_FOUND', 'No such asset');
    res.set(PAGE_HEADERS).setHeader('Cache-Control', 'public, max-age=3600');
    if (file.endsWith('.js')) res.type('text/javascript');
    res.sendFile(file);
  });
  return router;
}
