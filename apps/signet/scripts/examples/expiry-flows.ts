import type { Capture } from './capture';

const DAY_MS = 86_400_000;

/**
 * Reminders and expiry: a reminder now (and one too soon), an expiry moved, then three days later the
 * scheduled reminder, the warning and the expiry, and the reactivation.
 */
export async function captureExpiry(capture: Capture): Promise<void> {
  const { api, pdf, receiver } = capture;
  // Signet's clock runs at most minutes ahead of this one here: days ahead of either is later than its now.
  const now = Date.now();
  const created = await api.call('POST /api/v1/envelopes', 200, {
    form: {
      name: 'Lease renewal',
      expires_at: new Date(now + 2 * DAY_MS).toISOString(),
      documents: { lease: { name: 'sample-contract.pdf', base64: pdf.toString('base64') } },
      recipients: { ben: { name: 'Ben Ode', email: 'ben@example.com' } },
      settings: { signature_flow: { expiry_warning_days: '1', reminders: { first_after_days: '1', every_days: '1', max: '1' } } }
    }
  });
  const envelope = created.body.envelope;
  await api.call('POST /api/v1/envelopes/:id/send_invitation', 200, { params: { id: envelope.id } });
  const params = { id: envelope.id, recipient_id: envelope.envelope_signers[0].id };
  await api.call('POST /api/v1/envelopes/:id/recipients/:recipient_id/remind', 200, { params });
  await api.call('POST /api/v1/envelopes/:id/recipients/:recipient_id/remind', 429, { params });
  const moved = await api.call('POST /api/v1/envelopes/:id/extend', 200, { params: { id: envelope.id }, json: { expires_at: new Date(now + 3 * DAY_MS).toISOString() } });
  // Day by day: a warning whose expiry has also come by the time it runs is not sent.
  await capture.advanceClock(2 * DAY_MS + 60_000);
  await receiver.waitFor('recipient.expiry_warning_sent');
  await capture.advanceClock(DAY_MS);
  await receiver.waitFor('envelope.expired', (data) => data.id === envelope.id);
  const later = Date.parse(String(moved.body.envelope.expires_at)) + 4 * DAY_MS;
  await api.call('POST /api/v1/envelopes/:id/extend', 200, { params: { id: envelope.id }, json: { expires_at: new Date(later).toISOString() } });
  for (const event of ['recipient.reminder_sent', 'envelope.extended', 'envelope.reactivated']) await receiver.waitFor(event);
}
