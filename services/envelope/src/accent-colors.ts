import { DEFAULT_BRANDING_COLOR } from '@signet/contracts';

/** The branding colour as pages and emails use it: the accent, the text drawn on it, and a link colour readable on white. */
export interface AccentColors {
  /** `#rrggbb`, lower case. */
  accent: string;
  /** White or near-black, whichever reads better on the accent. */
  onAccent: string;
  /** The accent when it reads on white (links, quiet buttons), else the default accent. */
  accentText: string;
}

const WHITE = '#ffffff';
const DARK = '#111111';
/** WCAG's contrast for normal text. */
const READABLE = 4.5;

/** `#abc` or `#aabbcc` (as settings validate it) as `#aabbcc`; null for anything else. */
export function sixDigitHex(color: string): string | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color);
  if (!match) return null;
  const digits = (match[1] as string).toLowerCase();
  return `#${digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits}`;
}

/** WCAG 2 relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The colours of `branding.color` (the default for envelopes stored before it existed, or anything
 * unreadable): text on the accent is white or dark, whichever contrasts more, and links take the accent
 * only when it reads on the white they stand on.
 */
export function accentColors(color: string | null | undefined): AccentColors {
  const accent = sixDigitHex(color ?? '') ?? DEFAULT_BRANDING_COLOR;
  const onAccent = contrast(accent, WHITE) >= contrast(accent, DARK) ? WHITE : DARK;
  const accentText = contrast(accent, WHITE) >= READABLE ? accent : DEFAULT_BRANDING_COLOR;
  return { accent, onAccent, accentText };
}

/** The custom properties signer-page.css reads (`--accent`, `--on-accent`, `--accent-text`). */
export function accentStylesheet(colors: AccentColors): string {
  return `:root { --accent: ${colors.accent}; --on-accent: ${colors.onAccent}; --accent-text: ${colors.accentText}; }\n`;
}
