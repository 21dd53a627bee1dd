export { createSignetClient, type SignetClient, type SignetClientOptions, type UploadFileOptions, type Envelope, type EnvelopeCreateRequest, type EnvelopeListQuery, type EnvelopeSummary, type Upload, type Delivery } from './client';
export { signingTokenOf, type BatchRequest, type CreateWebhookRequest, type EnvelopeUpdateRequest, type Settings, type SettingsInput, type SignRequest, type UpdateWebhookRequest, type Webhook } from './methods';
export { SignetError, unwrap, type ErrorBody } from './errors';
export type { IdentityAssertion, IdentityCheckName } from './identity';
export type { TemplateCreateRequest, TemplateListQuery, TemplateUpdateRequest, TemplateUseRequest } from './templates';
export type { BuilderSession, BuilderSessionCreateRequest, NewBuilderSession } from './builder-sessions';
export { toBracketForm } from './bracket-form';
export { verifyWebhook, type WebhookEvent, type WebhookEventType, type EventOf } from './webhooks';
export type { paths, components, operations, webhooks } from './generated/openapi';
