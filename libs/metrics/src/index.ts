export * from './email-metrics';
export * from './event-metrics';
export * from './http-metrics';
export * from './outbox-metrics';
export * from './registry';
export * from './sms-metrics';
