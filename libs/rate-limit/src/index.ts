export * from './counter-table';
export * from './rate-limit-headers';
export * from './rate-limiter';
