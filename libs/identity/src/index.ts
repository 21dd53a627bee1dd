export * from './types';
export * from './providers';
