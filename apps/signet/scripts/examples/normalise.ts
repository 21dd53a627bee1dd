/** A PDF as base64 (it starts `%PDF-`): bytes, not meaning, in a reference. */
const PDF_BASE64 = /^JVBERi0[A-Za-z0-9+/=]{56,}$/;
/** A JPEG, PNG or WebP as base64 (an identity document's photo, a selfie): cut like a PDF. */
const IMAGE_BASE64 = /^(\/9j\/|iVBORw0KGgo|UklGR)[A-Za-z0-9+/=]{56,}$/;
const PEM_BODY = /(-----BEGIN [A-Z ]+-----\n)([A-Za-z0-9+/=\n]+?)(\n-----END [A-Z ]+-----)/g;

/** Addresses of the capture (random loopback ports) and what the examples show instead. */
export type Addresses = Record<string, string>;

function normaliseText(text: string, addresses: Addresses): string {
  const local = Object.entries(addresses).reduce((result, [captured, shown]) => result.replaceAll(captured, shown), text);
  if (PDF_BASE64.test(local) || IMAGE_BASE64.test(local)) return `${local.slice(0, 32)}...`;
  return local.replace(PEM_BODY, (_match, begin: string, body: string, end: string) => `${begin}${body.slice(0, 64)}\n...${end}`);
}

/**
 * What a capture needs before it is shown: its loopback addresses become the ones an integrator would
 * see (Signet at `npm start`'s default address, the webhook receiver at a public URL), and encoded bytes
 * (PDFs, certificates) are cut to their start so the reference stays readable. Ids, times and tokens stay
 * as Signet answered them.
 */
export function normalise<T>(value: T, addresses: Addresses): T {
  if (typeof value === 'string') return normaliseText(value, addresses) as T;
  if (Array.isArray(value)) return value.map((item) => normalise(item, addresses)) as T;
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [normaliseText(key, addresses), normalise(item, addresses)])) as T;
}
