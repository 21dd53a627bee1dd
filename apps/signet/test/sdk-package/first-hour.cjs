// The same first hour as first-hour.mjs, from CommonJS (require): the package's other build.
const { createServer } = require('node:http');
const { readFileSync, writeFileSync } = require('node:fs');
const { createSignetClient, verifyWebhook, SignetError } = require('@signet/sdk');

async function main() {
  const signet = createSignetClient({ baseUrl: process.env.SIGNET_URL, apiKey: process.env.SIGNET_KEY });
  const deliveries = [];
  const receiver = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      deliveries.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.end('thanks');
    });
  });
  await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const webhook = await signet.createWebhook({ url: `http://127.0.0.1:${receiver.address().port}/signet`, subscriptions: 'envelope.success' });
  const rotated = await signet.rotateWebhookSecret(webhook.id);

  const envelope = await signet.createEnvelope({
    name: 'CommonJS agreement',
    documents: { contract: { base64: readFileSync(process.env.PDF_PATH).toString('base64'), name: 'contract.pdf' } },
    recipients: { ben: { name: 'Ben Ode', email: 'ben.cjs@example.com' } }
  });
  await signet.sendEnvelope(envelope.id);
  const ben = (await signet.getEnvelope(envelope.id)).envelope_signers[0];
  // A rotated link: the first one stops working.
  const first = await signet.getSigningUrl(envelope.id, ben.id);
  const signingUrl = await signet.getSigningUrl(envelope.id, ben.id, { rotate: true });
  const oldLink = await signet.getSigningSession(first).then(() => 'open', (error) => (error instanceof SignetError ? error.status : String(error)));
  await signet.sign(signingUrl, { consent: true, signature: { type: 'WRITTEN', text: 'Ben Ode' } });
  const done = await signet.waitForEnvelope(envelope.id, { statuses: ['SUCCESS'] });

  const signed = await signet.downloadSignedDocument(envelope.id);
  const evidence = await signet.downloadEvidence(envelope.id);
  writeFileSync(`${process.env.OUT_DIR}/cjs-signed.pdf`, signed);
  writeFileSync(`${process.env.OUT_DIR}/cjs-evidence.pdf`, evidence);

  while (!deliveries.some((delivery) => delivery.body.includes(envelope.id))) await new Promise((resolve) => setTimeout(resolve, 100));
  const delivery = deliveries.find((candidate) => candidate.body.includes(envelope.id));
  const event = verifyWebhook(rotated.signing_secret, delivery.body, delivery.headers);
  receiver.close();

  console.log(JSON.stringify({
    envelope_id: envelope.id, status: done.status, old_link: oldLink, signed_bytes: signed.length,
    signed_file_size: done.documents[0].file_size, evidence_bytes: evidence.length, verified_event: event.event_type, verified_id: event.data.id
  }));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
