import { advancedStatus, isFinalStatus } from './delivery-status';

describe('an SMS delivery status', () => {
  it('moves forward with each report', () => {
    expect(advancedStatus('queued', 'sent')).toBe('sent');
    expect(advancedStatus('sent', 'delivered')).toBe('delivered');
    expect(advancedStatus('queued', 'undelivered')).toBe('undelivered');
    expect(advancedStatus(null, 'queued')).toBe('queued');
    expect(advancedStatus('some-new-status', 'sent')).toBe('sent');
  });

  it('ignores a repeat or an older report, and never leaves a final status', () => {
    expect(advancedStatus('sent', 'sent')).toBeNull();
    expect(advancedStatus('sent', 'queued')).toBeNull();
    expect(advancedStatus('delivered', 'sent')).toBeNull();
    expect(advancedStatus('delivered', 'undelivered')).toBeNull();
    expect(advancedStatus('failed', 'delivered')).toBeNull();
    expect(advancedStatus('undelivered', 'canceled')).toBeNull();
  });

  it('is final once delivered, undelivered, failed or canceled', () => {
    expect(['delivered', 'undelivered', 'failed', 'canceled'].every(isFinalStatus)).toBe(true);
    expect(['accepted', 'queued', 'sending', 'sent', null].some(isFinalStatus)).toBe(false);
  });
});
