import { createSmsSink, type SmsSink } from './sms-sink';
import type { SmsSender } from './sms-sender';
import { createTwilioSender, type TwilioConfig } from './twilio-sender';

export interface SmsSetup {
  sender: SmsSender;
  /** The sink behind `sender` when no provider is configured, for the dev page; else null. */
  sink: SmsSink | null;
}

/** The configured provider, or the in-process sink when there is none (monolith mode's default). */
export function createSmsSender(provider: TwilioConfig | null): SmsSetup {
  if (provider === null) {
    const sink = createSmsSink();
    return { sender: sink, sink };
  }
  return { sender: createTwilioSender(provider), sink: null };
}
