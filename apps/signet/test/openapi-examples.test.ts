import { readFileSync } from 'node:fs';
import path from 'node:path';
import { capturedExamples, type CapturedExamples } from '@signet/contracts';
import { captureExamples } from '../scripts/examples/capture-examples';
import { AVAILABLE_PARTS } from '../src/registry';
import { startStripeIdentityStandIn, type StripeIdentityStandIn } from '@signet/testkit';
import { KEYS, startTestSignet, TestSignet } from './harness';

/** What a capture covers: the statuses kept per operation, and the events delivered (values change every run). */
const coverage = (examples: CapturedExamples) => ({
  operations: Object.fromEntries(Object.entries(examples.operations).map(([route, operation]) => [route, Object.keys(operation.responses)])),
  events: Object.keys(examples.events)
});

describe('npm run docs:examples, the capture of the OpenAPI document\'s examples', () => {
  let api: TestSignet;
  let stripe: StripeIdentityStandIn;
  let clockOffsetMs = 0;

  beforeAll(async () => {
    stripe = await startStripeIdentityStandIn({ now: () => Date.now() + clockOffsetMs });
    api = await startTestSignet({
      WEBHOOK_ALLOW_LOOPBACK: 'true', STRIPE_IDENTITY_SECRET_KEY: stripe.secretKey, STRIPE_IDENTITY_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_BASE: stripe.url
    }, AVAILABLE_PARTS, () => new Date(Date.now() + clockOffsetMs));
  }, 120_000);

  afterAll(async () => {
    await api?.close();
    await stripe?.close();
  });

  it('still performs every operation and answer the checked-in examples show (each answer checked against the document)', async () => {
    const examples = await captureExamples({
      baseUrl: api.url, apiKey: KEYS.globex, pdf: readFileSync(path.join(__dirname, '..', '..', '..', 'docs', 'sample-contract.pdf')), stripe,
      advanceClock: async (ms) => {
        await api.signet.jobs.clockMovedBy(ms);
        clockOffsetMs += ms;
        await api.signet.jobs.runDue();
      }
    });
    expect(coverage(examples)).toEqual(coverage(capturedExamples()));
  }, 300_000);
});
