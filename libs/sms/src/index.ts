export * from './create-sms-sender';
export * from './sms-sender';
export * from './sms-sink';
export * from './sms-sink-routes';
export * from './twilio-sender';
export * from './twilio-signature';
