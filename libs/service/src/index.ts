export * from './service';
export * from './standard-checks';
