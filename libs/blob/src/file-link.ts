import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a filesystem download link signs: the key, the expiry and, when present, the offered file name. */
function signedMaterial(key: string, expires: number, name: string | undefined): string {
  return name === undefined ? `${key}\n${expires}` : `${key}\n${expires}\n${name}`;
}

export function signFileLink(signingSecret: string, key: string, expires: number, name?: string): string {
  return createHmac('sha256', signingSecret).update(signedMaterial(key, expires, name)).digest('hex');
}

/** True when the signature is the one this secret gives the link and `expires` (unix seconds) is still ahead of `now`. */
export function verifyFileLink(
  signingSecret: string, key: string, expires: number, signature: string, name: string | undefined, now: Date
): boolean {
  if (now.getTime() >= expires * 1000) return false;
  if (!/^[0-9a-f]{64}$/.test(signature)) return false;
  const expected = Buffer.from(signFileLink(signingSecret, key, expires, name), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

export interface FileLink {
  publicBaseUrl: string;
  signingSecret: string;
  key: string;
  /** Unix seconds. */
  expires: number;
  name?: string;
}

/** `<publicBaseUrl>/files/<key>?expires=..&signature=..[&name=..]`; keys need no escaping (see blob-key.ts). */
export function fileLinkUrl(link: FileLink): string {
  const base = link.publicBaseUrl.replace(/\/+$/, '');
  const signature = signFileLink(link.signingSecret, link.key, link.expires, link.name);
  const name = link.name === undefined ? '' : `&name=${encodeURIComponent(link.name)}`;
  return `${base}/files/${link.key}?expires=${link.expires}&signature=${signature}${name}`;
}
