export * from './common-responses';
export * from './settings-responses';
export * from './envelope-responses';
export * from './upload-responses';
export * from './validation-responses';
export * from './webhook-responses';
export * from './signing-responses';
export * from './template-responses';
