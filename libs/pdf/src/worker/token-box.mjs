import { advanceFraction } from './char-widths.mjs';

/**
 * The box around line.text[start, end) in the page's viewport coordinates (top-left origin, rotation
 * applied): the union of the parts of the items it covers, from the baseline up by the font size.
 */
export function tokenBox(line, start, end, { viewport, styles }) {
  const corners = [];
  for (const { item, start: itemStart } of line.pieces) {
    const from = Math.max(start, itemStart) - itemStart;
    const to = Math.min(end, itemStart + item.str.length) - itemStart;
    if (from >= to) continue;
    for (const [x, y] of runCorners(item, from, to, styles[item.fontName]?.fontFamily)) {
      corners.push(viewport.convertToViewportPoint(x, y));
    }
  }
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  const left = Math.min(...xs);
  const top = Math.min(...ys);
  return { left, top, width: Math.max(...xs) - left, height: Math.max(...ys) - top };
}

/** Corners, in page space, of the characters [from, to) of a text item, whose matrix may be rotated. */
function runCorners(item, from, to, fontFamily) {
  const [a, b, c, d, e, f] = item.transform;
  const along = [a / Math.hypot(a, b), b / Math.hypot(a, b)];
  const up = [c / Math.hypot(c, d), d / Math.hypot(c, d)];
  const height = item.height || Math.hypot(c, d);
  const offsets = [from, to].map((index) => item.width * advanceFraction(item.str, index, fontFamily));
  return offsets.flatMap((x) =>
    [0, height].map((y) => [e + along[0] * x + up[0] * y, f + along[1] * x + up[1] * y])
  );
}
