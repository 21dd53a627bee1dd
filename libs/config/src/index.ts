export * from './bootstrap-keys';
export * from './config';
export * from './config-error';
export * from './parts';
export * from './plans';
export type { Pkcs11SealConfig } from './seal-pkcs11';
export * from './variables';
export type { TrustProxy } from './readers';
