import { accentColors, accentStylesheet, contrast, sixDigitHex } from './accent-colors';

describe('the branding colour as pages and emails use it', () => {
  it('reads #abc and #aabbcc in either case as #aabbcc, and nothing else', () => {
    expect(sixDigitHex('#0A7')).toBe('#00aa77');
    expect(sixDigitHex('#5B21B6')).toBe('#5b21b6');
    for (const other of ['', '0a7', 'red', '#12345', '#1234567', 'url(x)']) expect(sixDigitHex(other)).toBeNull();
  });

  it('puts white on a dark accent and dark text on a light one, whichever contrasts more', () => {
    expect(accentColors('#1d4ed8').onAccent).toBe('#ffffff');
    expect(accentColors('#000000').onAccent).toBe('#ffffff');
    expect(accentColors('#fde047').onAccent).toBe('#111111');
    expect(accentColors('#ffffff').onAccent).toBe('#111111');
    for (const color of ['#1d4ed8', '#fde047', '#777777', '#ff0000', '#00ff00']) {
      const { accent, onAccent } = accentColors(color);
      expect({ color, readable: contrast(accent, onAccent) >= 3 }).toEqual({ color, readable: true });
    }
  });

  it('colours links with the accent only when it reads on white', () => {
    expect(accentColors('#5b21b6').accentText).toBe('#5b21b6');
    expect(accentColors('#fde047').accentText).toBe('#1d4ed8');
  });

  it('falls back to the default accent for settings stored before branding.color', () => {
    expect(accentColors(undefined)).toEqual({ accent: '#1d4ed8', onAccent: '#ffffff', accentText: '#1d4ed8' });
    expect(accentStylesheet(accentColors(null))).toBe(':root { --accent: #1d4ed8; --on-accent: #ffffff; --accent-text: #1d4ed8; }\n');
  });
});
