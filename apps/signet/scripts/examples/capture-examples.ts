import { EXAMPLE_BASE_URL, type CapturedExamples } from '@signet/contracts';
import type { Capture } from './capture';
import { captureBatch, captureCodeEndings, captureEnvelope, captureSendAndValidation, captureVoid } from './envelope-flows';
import { examplesFile } from './examples-file';
import { captureFieldsAndRoles } from './fields-flows';
import { captureConsumerConsent } from './consumer-consent-flows';
import { normalise } from './normalise';
import { startReceiver } from './receiver';
import { createRecorder } from './recorder';
import { captureServiceRoutes } from './service-routes';
import { captureDeadLetters, captureDeliveries, captureSettings, captureWebhook } from './settings-and-webhooks';
import { captureExpiry } from './expiry-flows';
import { captureSealAndEvidence, captureSigning, captureTrackingAndReject } from './signing-flows';
import { captureTemplates } from './template-flows';
import { captureBuilderSessions } from './builder-flows';
import { captureApiKeys } from './api-key-flows';
import { captureAbandonedSession, captureIdentity } from './identity-flows';
import type { StripeIdentityStandIn } from '@signet/testkit';

/** Every documented operation once, in the order an integrator meets them, with the errors worth showing. */
async function runFlows(capture: Capture, stripe: StripeIdentityStandIn): Promise<void> {
  await captureServiceRoutes(capture);
  await captureSettings(capture);
  const webhook = await captureWebhook(capture);
  const envelope = await captureEnvelope(capture);
  await captureSendAndValidation(capture, envelope);
  await captureSigning(capture, envelope);
  await captureSealAndEvidence(capture, envelope);
  await captureTrackingAndReject(capture);
  await captureVoid(capture);
  await captureBatch(capture);
  await captureTemplates(capture);
  await captureBuilderSessions(capture);
  await captureApiKeys(capture);
  await captureCodeEndings(capture);
  await capture.receiver.waitFor('envelope.success');
  await captureFieldsAndRoles(capture);
  await captureConsumerConsent(capture);
  await captureIdentity(capture, stripe);
  await captureAbandonedSession(capture);
  // After the others (it moves the clock days ahead), before the webhook is deleted.
  await captureExpiry(capture);
  await captureDeliveries(capture, webhook);
  await captureDeadLetters(capture);
}

export interface CaptureOptions {
  /** A fresh Signet that runs every part, with webhooks to loopback allowed and its clock movable. */
  baseUrl: string;
  apiKey: string;
  /** The PDF the envelopes carry. */
  pdf: Buffer;
  advanceClock(ms: number): Promise<void>;
  /** The Stripe Identity stand-in this Signet's STRIPE_API_BASE names, for the hosted identity check. */
  stripe: StripeIdentityStandIn;
}

/** Performs every documented operation against a running Signet and answers the examples, normalised. */
export async function captureExamples(options: CaptureOptions): Promise<CapturedExamples> {
  const receiver = await startReceiver();
  try {
    const api = createRecorder(options.baseUrl, options.apiKey);
    await runFlows({ api, baseUrl: options.baseUrl, receiver, pdf: options.pdf, advanceClock: options.advanceClock }, options.stripe);
    return normalise(examplesFile(api.exchanges(), receiver.deliveries), {
      [options.baseUrl]: EXAMPLE_BASE_URL,
      [receiver.url]: 'https://hooks.example.com/signet-events',
      [`${options.stripe.url}/verify/`]: 'https://verify.stripe.com/start/',
      // The start page shows the development key to this machine: the reference shows a stand-in.
      [options.apiKey]: 'sgn_dev_the_key_npm_start_printed'
    });
  } finally {
    await receiver.close();
  }
}
