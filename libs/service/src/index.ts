export * from './define-service';
export * from './service';
export * from './standard-checks';
export * from './state-machine';
