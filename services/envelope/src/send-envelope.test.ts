import type { Settings } from '@signet/contracts';
import { signingLinkBase } from './send-envelope';

const settings = (url: string | null | undefined) => ({ branding: { url_signature_flow: url } }) as unknown as Settings;
const PUBLIC = 'https://signet.example';

describe('signingLinkBase', () => {
  it('is PUBLIC_BASE_URL without branding.url_signature_flow', () => {
    expect(signingLinkBase(settings(null), PUBLIC)).toBe(PUBLIC);
    expect(signingLinkBase(settings(undefined), PUBLIC)).toBe(PUBLIC);
  });

  it('is the origin of branding.url_signature_flow when set: no path, query or fragment', () => {
    expect(signingLinkBase(settings('https://sign.example.com'), PUBLIC)).toBe('https://sign.example.com');
    expect(signingLinkBase(settings('https://sign.example.com/'), PUBLIC)).toBe('https://sign.example.com');
    expect(signingLinkBase(settings('https://sign.example.com//'), PUBLIC)).toBe('https://sign.example.com');
    expect(signingLinkBase(settings('https://sign.example.com/esign/?x=1#y'), PUBLIC)).toBe('https://sign.example.com');
  });
});
