export * from './types';
export * from './local';
