export * from './job-kind';
export * from './job-system';
export { ensureJobSchema, jobSchemaMigration, JOBS_SCHEMA } from './job-schema';
export { addJob, addJobCall } from './enqueue-sql';
export { queuedPayloads } from './queued-jobs';
