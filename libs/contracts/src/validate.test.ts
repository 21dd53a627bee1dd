import { Type } from '@sinclair/typebox';
import { Nullable } from './schema-helpers';
import { sampleEnvelopePayload } from './test-samples';
import * as contracts from './index';
import { compileValidators, validateEvent, validateSchema } from './validate';

describe('validateEvent', () => {
  const event = { id: 'evt_1', event_type: 'envelope.success', data: sampleEnvelopePayload() };

  it('accepts a well-formed event', () => {
    expect(validateEvent('envelope.success', event).valid).toBe(true);
  });

  it('rejects an event_type other than the expected one', () => {
    expect(validateEvent('envelope.voided', event)).toEqual({
      valid: false,
      details: [{ field: 'event_type', message: 'must be envelope.voided' }]
    });
  });

  it('checks the data against its event type', () => {
    expect(validateEvent('recipient.signed_all', { ...event, event_type: 'recipient.signed_all' })).toMatchObject({
      valid: false,
      details: expect.arrayContaining([{ field: 'data.envelope_id', message: 'is required' }])
    });
  });

  it('keeps the envelope to {id, event_type, data}', () => {
    expect(validateEvent('envelope.success', { ...event, tenant_id: 't1' })).toEqual({
      valid: false,
      details: [{ field: 'tenant_id', message: 'is not allowed' }]
    });
  });
});

describe('validateSchema', () => {
  it('reports a bad value inside a nullable object at its own path', () => {
    const schema = Type.Object({ at: Nullable(Type.Object({ page: Type.Integer() })) });
    expect(validateSchema(schema, { at: null }).valid).toBe(true);
    expect(validateSchema(schema, { at: {} })).toEqual({ valid: false, details: [{ field: 'at.page', message: 'is required' }] });
  });

  it('names the value itself with an empty field', () => {
    const schema = Type.String();
    expect(validateSchema(schema, 'a')).toEqual({ valid: true, value: 'a' });
    expect(validateSchema(schema, 1)).toEqual({ valid: false, details: [{ field: '', message: 'must be string' }] });
  });
});

describe('compileValidators', () => {
  it('compiles every exported schema and every event at start, so none can fail on a first request', () => {
    expect(() => compileValidators(contracts)).not.toThrow();
    expect(() => compileValidators({ broken: Type.String({ pattern: '(' }) })).toThrow();
  });
});
