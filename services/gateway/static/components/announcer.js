// One polite live region for every change: screen reader users hear what a drag, a key or a button did.

import { element } from './dom.js';

export function createAnnouncer(container) {
  // In the page from the start and empty: a region that appears with its text may not be read.
  const region = element('div', { class: 'sr-only', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' });
  container.append(region);
  let last = '';
  return (text) => {
    // The same sentence twice (two moves right) is still read: a zero-width change makes it new text.
    last = last === text ? `${text}\u200b` : text;
    region.textContent = last;
  };
}
