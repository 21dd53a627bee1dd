import type { Logger } from '@signet/log';
import { type FetchPublicImage, PUBLIC_IMAGE_MAX_BYTES, publicImageFetcher } from '@signet/outbound';
import PDFDocument from 'pdfkit';
import { drawLogo } from './draw-logo';
import { Logo, sniffLogo } from './logo';
import { decodeLogoDataUrl } from './logo-data-url';

/** A branding logo, loaded before rendering: null when there is none or it cannot be drawn. */
export type LoadLogo = (value: unknown) => Promise<Logo | null>;

export type FetchLogo = FetchPublicImage;

/** A data URL logo is held to the size a fetched one may have. */
export const LOGO_MAX_BYTES = PUBLIC_IMAGE_MAX_BYTES;

/** Logos come from public https servers only, by the rules every fetched image follows. */
export function fetchLogoFromPublicUrl(): FetchLogo {
  return publicImageFetcher('logos');
}

/** The `settings.branding.logo` of an envelope snapshot, whatever it holds. */
export function brandingLogoOf(envelope: Record<string, unknown>): unknown {
  const settings = (envelope.settings ?? {}) as { branding?: { logo?: unknown } };
  return settings.branding?.logo;
}

async function logoBytes(value: string, fetchLogo: FetchLogo): Promise<Buffer> {
  if (/^data:/i.test(value)) return decodeLogoDataUrl(value);
  if (/^https:/i.test(value)) return (await fetchLogo(value)).bytes;
  throw new Error('neither an https URL nor a data URL');
}

/**
 * Draws the logo once on a scratch page, so an image pdfkit cannot read or an SVG that does not parse is
 * found here, where it can be logged, rather than while rendering.
 */
function checkDrawable(logo: Logo): void {
  const unparsed = drawLogo(new PDFDocument(), logo, 0, 0).filter((warning) => /^(parseXml|SVGtoPDF):/.test(warning));
  if (unparsed.length > 0) throw new Error(`not a usable SVG: ${unparsed.join('; ')}`);
}

/** Turns `settings.branding.logo` into a drawable logo; any failure leaves the logo out with a warning. */
export function createLogoLoader(deps: { fetch: FetchLogo; log: Logger }): LoadLogo {
  return async (value) => {
    const logoValue = typeof value === 'string' ? value.trim() : '';
    if (logoValue === '') return null;
    try {
      const bytes = await logoBytes(logoValue, deps.fetch);
      if (bytes.length > LOGO_MAX_BYTES) throw new Error(`larger than ${LOGO_MAX_BYTES} bytes`);
      const logo = sniffLogo(bytes);
      checkDrawable(logo);
      return logo;
    } catch (error) {
      // A data URL can be a megabyte of base64: the log names it, not its content.
      const source = /^data:/i.test(logoValue) ? 'a data URL' : logoValue.slice(0, 500);
      deps.log.warn({ logo: source, reason: (error as Error).message }, 'branding logo left out of the evidence sheet');
      return null;
    }
  };
}
