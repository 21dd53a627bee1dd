/**
 * Producers split a line's text into items at will (font changes, kerning, incremental edits), so
 * tokens are searched in whole lines: runs of items on one baseline, in pdf.js's reading order.
 * Returns lines as { text, pieces: [{ item, start }] }, start being the item's offset in text.
 */
export function textLines(items) {
  const lines = [];
  let line;
  for (const item of items) {
    if (item.str !== '' && isLocatable(item)) {
      const previous = line?.pieces.at(-1).item;
      if (!previous || !onSameBaseline(previous, item)) {
        line = { text: '', pieces: [] };
        lines.push(line);
      }
      line.pieces.push({ item, start: line.text.length });
      line.text += item.str;
    }
    if (item.hasEOL) line = undefined;
  }
  return lines;
}

/** A degenerate text matrix gives the text no direction or size, hence no place on the page. */
function isLocatable({ transform: [a, b, c, d] }) {
  return Math.hypot(a, b) > 0 && Math.hypot(c, d) > 0;
}

function onSameBaseline(previous, next) {
  const [a, b, , , e, f] = previous.transform;
  const [nextA, nextB, , , nextE, nextF] = next.transform;
  const length = Math.hypot(a, b);
  const parallel = (a * nextA + b * nextB) / (length * Math.hypot(nextA, nextB)) > 0.99;
  const offBaseline = Math.abs((a * (nextF - f) - b * (nextE - e)) / length);
  return parallel && offBaseline < lineHeight(previous) / 2;
}

/** pdf.js reports height 0 for whitespace-only items; their font size (the matrix's scale) stands in. */
function lineHeight({ height, transform: [, , c, d] }) {
  return height > 0 ? height : Math.hypot(c, d);
}
