import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Settings } from '@signet/contracts';
import type { RequestContext } from '@signet/http';
import { accentColors, accentStylesheet } from '../accent-colors';
import type { EnvelopeDeps } from '../envelope-deps';
import { viewOf } from '../signer-page/load-signer-page';
import { SIGNER_PAGE_ASSETS } from '../signer-page/page-files';
import { renderSignerPage, type SignerPageView } from '../signer-page/render-signer-page';
import { type Preview, PREVIEW_SAMPLE, previewLanguage, previewPolicy } from './preview-sample';

const FONT_URL = "url('/sign/assets/dancing-script.woff2')";

let pageStyle: string | undefined;

/** The page's style sheet with its handwriting font inlined: a preview loads nothing from anywhere. */
function ownStyle(): string {
  if (pageStyle === undefined) {
    const css = readFileSync(SIGNER_PAGE_ASSETS['signer-page.css'] as string, 'utf8');
    if (!css.includes(FONT_URL)) throw new Error(`signer-page.css no longer loads its font from ${FONT_URL}`);
    const font = readFileSync(SIGNER_PAGE_ASSETS['dancing-script.woff2'] as string).toString('base64');
    pageStyle = css.replace(FONT_URL, `url('data:font/woff2;base64,${font}')`);
  }
  return pageStyle;
}

/** The sample recipient's page, as it shows once the documents are drawn, in the key's settings. */
function sampleView(settings: Settings, language: string): SignerPageView {
  return {
    ...viewOf(settings, '', language),
    title: PREVIEW_SAMPLE.envelopeName,
    state: 'READY',
    signerName: PREVIEW_SAMPLE.recipientName,
    role: 'SIGNER',
    embed: { origins: [], redirectUrl: null, envelopeId: null, recipientId: null },
    preview: true
  };
}

/**
 * GET /api/v1/settings/preview/signer_page: the signer page a recipient of the calling key's next envelope
 * would see (branding, colour, language, signature types), filled with a sample envelope: no token, no
 * script, its style inline and allowed by its hash.
 */
export async function previewSignerPage(deps: Pick<EnvelopeDeps, 'settings'>, input: { context: RequestContext; query: unknown }): Promise<Preview> {
  const settings = await deps.settings.effective(input.context, undefined);
  const view = sampleView(settings, previewLanguage(input.query, settings));
  const style = `${ownStyle()}\n${accentStylesheet(accentColors(view.brand.color))}`;
  const hash = createHash('sha256').update(style, 'utf8').digest('base64');
  return {
    html: renderSignerPage(view, { styles: `<style>${style}</style>`, script: '' }),
    contentSecurityPolicy: previewPolicy({ style: `'sha256-${hash}'`, font: 'data:' })
  };
}
