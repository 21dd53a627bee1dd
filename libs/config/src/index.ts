export * from './bootstrap-keys';
export * from './config';
export * from './config-error';
export * from './configuration-doc';
export * from './parts';
export * from './plans';
export type { Pkcs11SealConfig } from './seal-pkcs11';
export type { CscConfig } from './csc';
export { CONFIG_VARIABLES, type ConfigVariable } from './variables';
