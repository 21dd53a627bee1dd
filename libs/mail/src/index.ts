export * from './create-mailer';
export { escapeHtml } from './escape-html';
export * from './mail-rejected-error';
export * from './mail-sink';
export * from './mail-sink-routes';
export type { Mailer, MailMessage, SentMail } from './mailer';
export * from './render-template';
export * from './smtp-mailer';
