// An envelope's new document goes through the upload flow, as an integrator's large files do: an upload
// URL, the raw PDF put there, then the upload followed until the document has joined the envelope (up to
// the upload limit, where a save's inline documents stop at the form's). It is on the envelope at once.

const DONE = ['COMPLETED', 'FAILED', 'EXPIRED'];
const POLL_MS = 500;
const PATIENCE_MS = 5 * 60_000;

/** The envelope's document made from `file` (with its download `url`); throws when the upload fails. */
export async function uploadDocument({ api, envelopeId, file, key, order }) {
  const base = `/api/v1/envelopes/${encodeURIComponent(envelopeId)}/uploads`;
  const { upload } = await api.post(base, { file_name: (file.name || 'document.pdf').slice(0, 100), order, custom_key: key, content_type: 'application/pdf' });
  await api.putFile(upload.upload_url, file);
  const deadline = Date.now() + PATIENCE_MS;
  let status = upload.status;
  while (!DONE.includes(status)) {
    if (Date.now() > deadline) throw new Error('the upload took too long');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    ({ upload: { status } } = await api.get(`${base}/${encodeURIComponent(upload.id)}`));
  }
  if (status !== 'COMPLETED') throw new Error(`the upload ended ${status}`);
  const { envelope } = await api.get(`/api/v1/envelopes/${encodeURIComponent(envelopeId)}`);
  const stored = envelope.documents.find((document) => document.custom_key === key);
  if (!stored) throw new Error('the uploaded document is not on the envelope');
  return stored;
}
