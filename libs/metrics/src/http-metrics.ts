import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Histogram } from 'prom-client';
import { metricsRegistry } from './registry';

const httpDuration = new Histogram({
  name: 'signet_http_request_duration_seconds',
  help: 'HTTP request latency by part, method, route pattern and status',
  labelNames: ['service', 'method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [metricsRegistry()]
});

/** Times one call a part answers without an HTTP request (an internal operation run in-process), as if it had one. */
export function timeCall(service: string, method: string, route: string): (status: number) => void {
  const stop = httpDuration.startTimer({ service, method, route });
  return (status) => {
    stop({ status: String(status) });
  };
}

/** Times every request; labels use the matched route pattern, so ids and tokens never become label values. */
export function httpMetrics(service: string): RequestHandler {
  return (req: Request, res: Response, next: NextFunction): void => {
    const stop = httpDuration.startTimer({ service, method: req.method });
    res.on('finish', () => {
      const route = (req.route as { path?: string } | undefined)?.path ?? 'unmatched';
      stop({ route, status: String(res.statusCode) });
    });
    next();
  };
}

export function metricsHandler(): RequestHandler {
  return async (_req: Request, res: Response): Promise<void> => {
    const registry = metricsRegistry();
    res.setHeader('Content-Type', registry.contentType);
    res.end(await registry.metrics());
  };
}
