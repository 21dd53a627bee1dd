import type { Owner, WebhookRow } from './model';
import { rotateSigningSecret, SECRET_ROTATION_WINDOW_MS } from './rotate-signing-secret';
import type { WebhookDeps } from './webhook-deps';

const owner = { tenantId: 'acme', apiKeyId: 'key-1' } as unknown as Owner;

/** Secret rotation as a plain function, on a test clock, over a stand-in store. */
describe('rotating a webhook signing secret', () => {
  const now = new Date('2026-11-21T10:00:00.000Z');
  const calls: unknown[][] = [];
  const deps = {
    clock: () => now,
    webhooks: {
      rotateSecret: async (...args: unknown[]) => {
        calls.push(args);
        return args[1] === 'wh-1' ? ({ id: 'wh-1' } as unknown as WebhookRow) : null;
      }
    }
  } as unknown as Pick<WebhookDeps, 'webhooks' | 'clock'>;

  it('gives a new secret and keeps the old one valid for the rotation window from the clock\'s now', async () => {
    const rotated = await rotateSigningSecret(deps, { owner, webhookId: 'wh-1' });
    expect(rotated.previousSecretExpiresAt).toEqual(new Date(now.getTime() + SECRET_ROTATION_WINDOW_MS));
    expect(rotated.signingSecret).toMatch(/^whsec_/);
    expect(calls[0]).toEqual([owner, 'wh-1', rotated.signingSecret, rotated.previousSecretExpiresAt, now]);
    expect((await rotateSigningSecret(deps, { owner, webhookId: 'wh-1' })).signingSecret).not.toBe(rotated.signingSecret);
  });

  it('is NOT_FOUND for a webhook the key does not have', async () => {
    await expect(rotateSigningSecret(deps, { owner, webhookId: 'wh-2' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
