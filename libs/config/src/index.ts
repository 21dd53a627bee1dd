export * from './bootstrap-keys';
export * from './config';
export * from './config-error';
export * from './parts';
export * from './plans';
export * from './variables';
export type { TrustProxy } from './readers';
