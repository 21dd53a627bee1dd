export * from './ensure-database';
export * from './migration';
export * from './notifications';
export * from './open-database';
export * from './transient-retries';
export * from './prepared';
export * from './async-commit';
