import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A region of a page in PDF points from its top-left corner. */
export interface PageRegion { left: number; top: number; width: number; height: number }

/**
 * poppler's pdftoppm rendering of a region of a page (0-indexed) in grey, as `dark[y][x]` (ink below
 * mid-grey), and the PNG of it saved beside, for a person to look at.
 */
export function renderRegion(pdf: Uint8Array, page: number, region: PageRegion, options: { dpi?: number; png?: string } = {}): boolean[][] {
  const dpi = options.dpi ?? 300;
  const scale = dpi / 72;
  const dir = mkdtempSync(path.join(tmpdir(), 'signet-render-'));
  try {
    writeFileSync(path.join(dir, 'file.pdf'), pdf);
    const crop = ['-f', String(page + 1), '-l', String(page + 1), '-r', String(dpi), '-x', String(Math.round(region.left * scale)),
      '-y', String(Math.round(region.top * scale)), '-W', String(Math.round(region.width * scale)), '-H', String(Math.round(region.height * scale))];
    execFileSync('pdftoppm', [...crop, '-gray', '-singlefile', 'file.pdf', 'region'], { cwd: dir });
    if (options.png) execFileSync('pdftoppm', [...crop, '-png', '-singlefile', 'file.pdf', options.png.replace(/\.png$/, '')], { cwd: dir });
    return darkPixels(readFileSync(path.join(dir, 'region.pgm')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A binary PGM (P5, 8-bit) as rows of dark pixels. */
function darkPixels(pgm: Buffer): boolean[][] {
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.toString('latin1', 0, 64));
  if (!header) throw new Error('pdftoppm wrote no binary PGM');
  const [width, height] = [Number(header[1]), Number(header[2])];
  const start = header[0].length;
  return Array.from({ length: height }, (_, y) => Array.from({ length: width }, (__, x) => (pgm[start + y * width + x] ?? 255) < 128));
}

/** Pieces of ink that touch (8-connected): a joined Arabic word is one, its letters drawn apart are several. */
export function inkComponents(dark: boolean[][]): Array<{ left: number; right: number; pixels: number }> {
  const seen = dark.map((row) => row.map(() => false));
  const components: Array<{ left: number; right: number; pixels: number }> = [];
  dark.forEach((row, y0) => row.forEach((ink, x0) => {
    if (!ink || seen[y0]![x0]) return;
    const component = { left: x0, right: x0, pixels: 0 };
    const stack: Array<[number, number]> = [[x0, y0]];
    seen[y0]![x0] = true;
    while (stack.length > 0) {
      const [x, y] = stack.pop()!;
      component.pixels += 1;
      component.left = Math.min(component.left, x);
      component.right = Math.max(component.right, x);
      for (let dy = -1; dy <= 1; dy += 1) {
        for (let dx = -1; dx <= 1; dx += 1) {
          const [nx, ny] = [x + dx, y + dy];
          if (dark[ny]?.[nx] && !seen[ny]![nx]) {
            seen[ny]![nx] = true;
            stack.push([nx, ny]);
          }
        }
      }
    }
    components.push(component);
  }));
  return components.sort((a, b) => a.left - b.left);
}

/** pdftotext's words with their boxes (PDF points from the top-left), page by page. */
export function pdftotextWords(pdf: Uint8Array): Array<{ page: number; text: string; xMin: number; yMin: number; xMax: number; yMax: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'signet-bbox-'));
  try {
    writeFileSync(path.join(dir, 'file.pdf'), pdf);
    const html = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', 'file.pdf', '-'], { cwd: dir }).toString('utf8');
    const words: Array<{ page: number; text: string; xMin: number; yMin: number; xMax: number; yMax: number }> = [];
    html.split('<page ').slice(1).forEach((pageHtml, page) => {
      for (const match of pageHtml.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)) {
        words.push({ page, text: decode(match[5]!), xMin: Number(match[1]), yMin: Number(match[2]), xMax: Number(match[3]), yMax: Number(match[4]) });
      }
    });
    return words;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const decode = (html: string) => html.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
