import { EVENT_HEADERS } from '@signet/contracts';
import { headersOf, toWireRecord } from '../src/wire-format';
import { emailSent } from './sample-events';

describe('event headers on the wire', () => {
  it('carries all four headers on an event no request caused, empty where there is no value', () => {
    const outgoing = emailSent('env-1', 1);
    const record = toWireRecord({ ...outgoing, headers: { ...outgoing.headers, apiKeyId: null, requestId: null } });
    expect(Object.keys(record.headers).sort()).toEqual(Object.values(EVENT_HEADERS).sort());
    expect(record.headers).toMatchObject({ [EVENT_HEADERS.apiKeyId]: '', [EVENT_HEADERS.requestId]: '' });
    expect(headersOf(record)).toMatchObject({ apiKeyId: null, requestId: null });
  });

  it('carries the API key and request ids of an event a request caused', () => {
    const record = toWireRecord(emailSent('env-1', 1));
    expect(record.headers).toMatchObject({ [EVENT_HEADERS.apiKeyId]: 'key-1', [EVENT_HEADERS.requestId]: 'req_1' });
    expect(headersOf(record)).toMatchObject({ apiKeyId: 'key-1', requestId: 'req_1' });
  });
});
