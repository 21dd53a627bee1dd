import { EffectiveSettingsRequest } from './settings';
import { RejectRequest, SignRequest } from './signing-requests';
import { validateSchema } from './validate';
import { CreateWebhookRequest, DeliveriesQuery, UpdateWebhookRequest } from './webhook-requests';

const problems = (schema: Parameters<typeof validateSchema>[0], value: unknown) => {
  const result = validateSchema(schema, value);
  return result.valid ? [] : result.details;
};

describe('SignRequest', () => {
  const sign = (signature: unknown, consent: unknown = true) => problems(SignRequest, { consent, signature });

  it('accepts a typed name or a base64 image, with or without a data URL prefix', () => {
    expect(sign({ type: 'WRITTEN', text: ' Ana Lima ' })).toEqual([]);
    expect(sign({ type: 'DRAWN', image: 'data:image/png;base64,iVBORw0KGgo=' })).toEqual([]);
    expect(sign({ type: 'UPLOADED', image: '/9j/4AAQ' })).toEqual([]);
  });

  it('wants consent, a known type and the field that type needs, each named once', () => {
    expect(sign({ type: 'WRITTEN', text: 'Ana' }, false)).toEqual([{ field: 'consent', message: 'must be true: the recipient consents to sign electronically' }]);
    expect(problems(SignRequest, { signature: { type: 'WRITTEN', text: 'Ana' } }))
      .toEqual([{ field: 'consent', message: 'must be true: the recipient consents to sign electronically' }]);
    expect(sign({ type: 'STAMP' })).toEqual([{ field: 'signature.type', message: 'must be WRITTEN, DRAWN or UPLOADED' }]);
    expect(sign({})).toEqual([{ field: 'signature.type', message: 'must be WRITTEN, DRAWN or UPLOADED' }]);
    expect(sign({ type: 'WRITTEN' })).toEqual([{ field: 'signature.text', message: 'must be 1 to 100 characters' }]);
    expect(sign({ type: 'DRAWN' })).toEqual([{ field: 'signature.image', message: 'is required: a base64 PNG or JPG' }]);
    expect(sign({ type: 'DRAWN', image: '' })).toEqual([{ field: 'signature.image', message: 'is required: a base64 PNG or JPG' }]);
    expect(sign({ type: 'DRAWN', image: 'not base64!' })).toEqual([{ field: 'signature.image', message: 'must be base64' }]);
  });

  it('counts the typed name after trimming: 1 to 100 characters', () => {
    expect(sign({ type: 'WRITTEN', text: `  ${'a'.repeat(100)}\n` })).toEqual([]);
    expect(sign({ type: 'WRITTEN', text: 'a'.repeat(101) })).toEqual([{ field: 'signature.text', message: 'must be 1 to 100 characters' }]);
    expect(sign({ type: 'WRITTEN', text: ' \t ' })).toEqual([{ field: 'signature.text', message: 'must be 1 to 100 characters' }]);
  });
});

describe('RejectRequest', () => {
  it('wants a reason of 1 to 500 characters after trimming', () => {
    expect(problems(RejectRequest, { reason: ' Wrong amount ' })).toEqual([]);
    expect(problems(RejectRequest, { reason: 'a'.repeat(500) })).toEqual([]);
    for (const body of [{}, { reason: '   ' }, { reason: 5 }, { reason: 'a'.repeat(501) }]) {
      expect(problems(RejectRequest, body)).toEqual([{ field: 'reason', message: 'must be 1 to 500 characters' }]);
    }
  });
});

describe('webhook requests', () => {
  it('check the shape of a webhook and leave event names and addresses to the service', () => {
    expect(problems(CreateWebhookRequest, { url: 'https://example.com/hook', subscriptions: 'no.such.event' })).toEqual([]);
    expect(problems(CreateWebhookRequest, { url: '', subscriptions: 'x', auth_type: 'basic', retry_schedule: 'NEVER', extra: 1 })).toEqual([
      { field: 'extra', message: 'is not allowed' },
      { field: 'url', message: 'must be an http or https URL of at most 2048 characters' },
      { field: 'auth_type', message: 'must be header' },
      { field: 'retry_schedule', message: 'must be one of STANDARD, EXTENDED' }
    ]);
    expect(problems(UpdateWebhookRequest, { auth: null })).toEqual([]);
    expect(problems(UpdateWebhookRequest, { auth: ' x' })).toEqual([{ field: 'auth', message: 'must be 1-1024 visible ASCII characters (a header value), or null' }]);
  });

  it('check the deliveries query as express parses it', () => {
    expect(problems(DeliveriesQuery, { status: 'FAILED', limit: '100', cursor: '0190f2a4-1b2c-7d3e-8f40-123456789abc' })).toEqual([]);
    expect(problems(DeliveriesQuery, { status: 'LOST', limit: '0', cursor: '' })).toEqual([
      { field: 'status', message: 'must be one of PENDING, SUCCESS, FAILED' },
      { field: 'limit', message: 'must be a whole number from 1 to 100' },
      { field: 'cursor', message: 'must be the next_cursor of a previous page' }
    ]);
    expect(problems(DeliveriesQuery, { cursor: 'abc' })).toEqual([{ field: 'cursor', message: 'must be the next_cursor of a previous page' }]);
  });
});

describe('EffectiveSettingsRequest', () => {
  it('takes optional settings overrides and nothing else', () => {
    expect(problems(EffectiveSettingsRequest, {})).toEqual([]);
    expect(problems(EffectiveSettingsRequest, { other: 1 })).toEqual([{ field: 'other', message: 'is not allowed' }]);
  });
});
