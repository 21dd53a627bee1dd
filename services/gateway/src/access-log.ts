import type { NextFunction, Request, Response } from 'express';
import { requestIdOf } from '@signet/http';
import type { Logger } from '@signet/log';

/**
 * One structured line per request. It names the matched route pattern, not the URL, so tokens that
 * travel in paths (signing links, upload URLs) never reach the logs.
 */
export function accessLog(log: Logger) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      log.info({
        request_id: requestIdOf(res),
        method: req.method,
        route: (req.route as { path?: string } | undefined)?.path ?? null,
        status: res.statusCode,
        duration_ms: Number(process.hrtime.bigint() - started) / 1e6,
        tenant_id: (res.locals.context as { tenantId?: string } | undefined)?.tenantId ?? null
      }, 'request');
    });
    next();
  };
}
