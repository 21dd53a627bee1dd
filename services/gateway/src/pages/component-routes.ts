import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Router } from 'express';
import { AppError } from '@signet/http';

const DIR = path.join(__dirname, '..', '..', 'static', 'components');

/** The modules and style sheet the editor and the console share (static/components), listed at start: no path reaches anything else. */
export function componentRoutes(): Router {
  const router = Router();
  const files = existsSync(DIR) ? readdirSync(DIR).filter((name) => /\.(js|css)$/.test(name)) : [];
  const known = new Map(files.map((name) => [name, path.join(DIR, name)]));
  router.get('/components/:file', (req, res) => {
    const file = known.get(String(req.params.file));
    if (!file) throw new AppError('NOT_FOUND', 'No such asset');
    res.set({ 'Cache-Control': 'public, max-age=3600', 'X-Content-Type-Options': 'nosniff' }).type(file.endsWith('.js') ? 'text/javascript' : 'text/css');
    res.sendFile(file);
  });
  return router;
}
