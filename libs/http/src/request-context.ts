import type { Response } from 'express';

/** Who is calling, as the gateway established it; present on every service request. */
export interface RequestContext {
  requestId: string;
  tenantId: string;
  apiKeyId: string;
  plan: string;
  /**
   * The envelope creations the key's plan allows, as the gateway grants them (`hour:10,day:100`); absent
   * on calls that create no envelope for a key. The envelope part counts creations against it.
   */
  envelopeLimits?: string;
}

export function setRequestContext(res: Response, context: RequestContext): void {
  res.locals.context = context;
}

export function requestContext(res: Response): RequestContext {
  const context = res.locals.context as RequestContext | undefined;
  if (!context) throw new Error('request context missing: the route is not behind internal auth');
  return context;
}

export function requestIdOf(res: Response): string {
  return (res.locals.requestId as string | undefined) ?? 'unknown';
}
