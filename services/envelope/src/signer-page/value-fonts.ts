import path from 'node:path';
import { valueFontFiles } from '@signet/signed-pdf';

export interface ValueFonts {
  /** Asset name to file, for the asset route's fixed list. */
  files: Record<string, string>;
  /** The stylesheet declaring each face, and the two stacks as custom properties for signer-page.css. */
  css: string;
}

/**
 * The document's own fonts for the signer page: a value shown at its place is drawn with the same files,
 * tried in the same order, as the signed PDF draws it, so its lines take the same width. Each file is a
 * face of its own family and a stack lists them in order; the browser, like the PDF's font stack, takes
 * each character from the first face that has it (and downloads a face only when a character needs it).
 */
export function valueFonts(): ValueFonts {
  const files: Record<string, string> = {};
  const faces: string[] = [];
  const stack = (kind: string, list: string[]) => list.map((file, index) => {
    const asset = `font-${kind}-${index}${path.extname(file)}`;
    const family = `Signet ${kind} ${index}`;
    if (!(asset in files)) {
      files[asset] = file;
      faces.push(`@font-face { font-family: '${family}'; src: url('/sign/assets/${asset}') format('woff'); font-display: swap; }`);
    }
    return `'${family}'`;
  }).join(', ');
  const { text, handwriting } = valueFontFiles();
  const variables = `:root { --value-text: ${stack('text', text)}, sans-serif; --value-handwriting: ${stack('hand', handwriting)}, cursive; }`;
  return { files, css: `${faces.join('\n')}\n${variables}\n` };
}
