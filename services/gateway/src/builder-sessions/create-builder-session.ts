import { randomUUID } from 'node:crypto';
import { BUILDER_LIFETIME_MINUTES, BuilderSessionCreateRequest, isId, PLACEMENT_TYPES, RECIPIENT_ROLES, type NewBuilderSession } from '@signet/contracts';
import { AppError, notFound, parseWith, validationError, type RequestContext } from '@signet/http';
import type { BuilderSessionDeps } from './builder-session-deps';
import type { NewBuilderSessionRow } from './builder-session-store';
import { builderSessionView } from './builder-session-view';

export interface CreateBuilderSessionInput {
  context: RequestContext;
  body: unknown;
}

/** The one thing the session edits: exactly one of the three, or a 422 saying so. */
function targetOf(request: BuilderSessionCreateRequest): Pick<NewBuilderSessionRow, 'template_id' | 'envelope_id' | 'new_template'> {
  const given = [request.template_id !== undefined, request.envelope_id !== undefined, request.new_template === true].filter(Boolean).length;
  if (given !== 1) throw validationError([{ field: 'template_id', message: 'give exactly one of template_id, envelope_id and new_template' }]);
  return { template_id: request.template_id ?? null, envelope_id: request.envelope_id ?? null, new_template: request.new_template === true };
}

async function checkTarget(deps: BuilderSessionDeps, context: RequestContext, target: ReturnType<typeof targetOf>): Promise<void> {
  if (target.template_id !== null) {
    if (!isId(target.template_id)) throw notFound('Template');
    await deps.targets.template(context, target.template_id);
  }
  if (target.envelope_id !== null) {
    if (!isId(target.envelope_id)) throw notFound('Envelope');
    const status = await deps.targets.envelopeStatus(context, target.envelope_id);
    if (status !== 'CREATED') throw new AppError('CONFLICT', `The envelope is ${status}: a builder session edits only a CREATED envelope`);
  }
}

/** A builder session on one template or CREATED envelope of the key's tenant (or a template to create), and its token. */
export async function createBuilderSession(deps: BuilderSessionDeps, { context, body }: CreateBuilderSessionInput): Promise<NewBuilderSession> {
  const request = parseWith(BuilderSessionCreateRequest, body);
  const target = targetOf(request);
  const actions = request.actions ?? ['edit'];
  if (actions.includes('send') && target.envelope_id === null) throw validationError([{ field: 'actions', message: '"send" is only for an envelope session' }]);
  await checkTarget(deps, context, target);
  const now = deps.clock();
  const row: NewBuilderSessionRow = {
    id: randomUUID(),
    tenant_id: context.tenantId,
    api_key_id: context.apiKeyId,
    ...target,
    actions,
    origins: request.origins,
    roles: request.roles ?? [...RECIPIENT_ROLES],
    field_types: request.field_types ?? [...PLACEMENT_TYPES],
    language: request.language ?? 'EN',
    created_at: now,
    expires_at: new Date(now.getTime() + (request.lifetime_minutes ?? BUILDER_LIFETIME_MINUTES.default) * 60_000)
  };
  await deps.sessions.insert(row);
  const token = await deps.tokens.sign({ sid: row.id, tid: row.tenant_id }, row.expires_at);
  return { ...builderSessionView(row, deps.publicBaseUrl), token };
}
