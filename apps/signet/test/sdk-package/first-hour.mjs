// An integrator's first hour with the installed SDK, as plain ESM (no TypeScript): create, send, fetch a
// signing link, sign over the signing API, download the signed PDF and the evidence sheet, rotate the
// webhook secret and verify a delivery with the new one. Prints what it got as one JSON line.
import { createServer } from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { createSignetClient, verifyWebhook } from '@signet/sdk';

const signet = createSignetClient({ baseUrl: process.env.SIGNET_URL, apiKey: process.env.SIGNET_KEY });

const deliveries = [];
const receiver = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    deliveries.push({ headers: request.headers, body: Buffer.concat(chunks) });
    response.end('thanks');
  });
});
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));

const webhook = await signet.createWebhook({ url: `http://127.0.0.1:${receiver.address().port}/signet`, subscriptions: 'envelope.success' });
const rotated = await signet.rotateWebhookSecret(webhook.id);

const envelope = await signet.createEnvelope({
  name: 'ESM agreement',
  documents: { contract: { base64: readFileSync(process.env.PDF_PATH).toString('base64'), name: 'contract.pdf' } },
  recipients: { ana: { name: 'Ana Lima', email: 'ana.esm@example.com' } }
});
await signet.sendEnvelope(envelope.id);
const [ana] = (await signet.getEnvelope(envelope.id)).envelope_signers;
const signingUrl = await signet.getSigningUrl(envelope.id, ana.id);
await signet.sign(signingUrl, { consent: true, signature: { type: 'WRITTEN', text: 'Ana Lima' } });
const done = await signet.waitForEnvelope(envelope.id, { statuses: ['SUCCESS'] });

const signed = await signet.downloadSignedDocument(envelope.id);
const evidence = await signet.downloadEvidence(envelope.id);
writeFileSync(`${process.env.OUT_DIR}/esm-signed.pdf`, signed);
writeFileSync(`${process.env.OUT_DIR}/esm-evidence.pdf`, evidence);

while (!deliveries.some((delivery) => delivery.body.includes(envelope.id))) await new Promise((resolve) => setTimeout(resolve, 100));
const delivery = deliveries.find((candidate) => candidate.body.includes(envelope.id));
const event = verifyWebhook(rotated.signing_secret, delivery.body, delivery.headers);
receiver.close();

console.log(JSON.stringify({
  envelope_id: envelope.id, status: done.status, signing_url: signingUrl, signed_bytes: signed.length,
  signed_file_size: done.documents[0].file_size, evidence_bytes: evidence.length, verified_event: event.event_type, verified_id: event.data.id
}));
