export * from './types';
export * from './local';
export * from './providers';
