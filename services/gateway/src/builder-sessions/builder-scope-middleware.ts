import type { NextFunction, Request, Response } from 'express';
import { AppError } from '@signet/http';
import type { Clock } from '@signet/service';
import type { Logger } from '@signet/log';
import { builderCallerOf } from '../api-keys/authenticate';
import { scopeOf } from './builder-scope';
import type { BuilderSessionStore } from './builder-session-store';

/** How long a new-template session's creation holds its claim: longer than any part may take to answer. */
const BINDING_CLAIM_MS = 5 * 60_000;

const outside = () => new AppError('FORBIDDEN', 'This request is outside this builder session');

type Chunk = string | Buffer | Uint8Array;

/**
 * Holds the end of the answer until the created template is bound to the session, so the editor (and
 * anyone reading the session) sees it bound as soon as it has the answer. The answer passes unchanged.
 */
function bindOnAnswer(res: Response, onAnswer: (status: number, body: Buffer) => Promise<void>): void {
  const write = res.write.bind(res) as (chunk: Chunk, ...rest: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  const chunks: Buffer[] = [];
  const keep = (chunk: unknown) => {
    if (typeof chunk === 'string' || chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk as string));
  };
  res.write = ((chunk: Chunk, ...rest: unknown[]) => {
    keep(chunk);
    return write(chunk, ...rest);
  }) as Response['write'];
  res.end = ((...args: unknown[]) => {
    if (typeof args[0] !== 'function') keep(args[0]);
    onAnswer(res.statusCode, Buffer.concat(chunks)).finally(() => end(...args));
    return res;
  }) as Response['end'];
}

function createdTemplateId(body: Buffer): string | null {
  try {
    const id = (JSON.parse(body.toString('utf8')) as { template?: { id?: unknown } }).template?.id;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

/**
 * A builder token's request goes on only within its session (builder-scope.ts); anything else is 403
 * and reaches no part. A new-template session's one creation claims the session first, so two racing
 * creations never make two templates: the second is 409 while the first runs, 403 once it is bound.
 */
export function builderScope(sessions: BuilderSessionStore, clock: Clock, log: Logger) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const caller = builderCallerOf(res);
    if (!caller) {
      next();
      return;
    }
    const verdict = scopeOf(caller.session, req.method, req.baseUrl + req.path);
    if (verdict === 'refused') throw outside();
    if (verdict === 'create-template') {
      const now = clock();
      if (!(await sessions.claimBinding(caller.session.id, now, new Date(now.getTime() + BINDING_CLAIM_MS)))) {
        const current = await sessions.find(caller.session.id);
        if (current?.template_id) throw outside();
        throw new AppError('CONFLICT', 'This builder session is already creating its template');
      }
      bindOnAnswer(res, async (status, body) => {
        const templateId = status === 200 ? createdTemplateId(body) : null;
        try {
          if (templateId) await sessions.bindTemplate(caller.session.id, templateId);
          else await sessions.releaseBinding(caller.session.id);
        } catch (error) {
          log.error({ err: error, builder_session: caller.session.id }, 'binding a builder session to its template failed');
        }
      });
    }
    next();
  };
}
