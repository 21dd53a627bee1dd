export { type MockBroker, startMockBroker } from './mock-broker';
export { type S3Server, type S3ServerOptions, startS3Server } from './s3-server';
export { type ReceivedMail, type SmtpSink, type SmtpSinkOptions, startSmtpSink } from './smtp-sink';
