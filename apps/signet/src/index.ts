export * from './registry';
export * from './start-signet';
export * from './targets';
