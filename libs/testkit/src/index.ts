export { startMockBroker, startS3Server, startSmtpSink } from '../../../infra/src';
export type { MockBroker, ReceivedMail, S3Server, SmtpSink } from '../../../infra/src';
export * from './free-port';
export * from './hostile-pdfs';
export * from './sample-pdf';
export * from './test-database';
export * from './wait-for';
export * from './lock-waiters';
export * from './test-images';
