export * from './types';
export * from './providers';
export * from './local';
