export * from './field-types';
export * from './field-values';
export * from './field-definitions';
