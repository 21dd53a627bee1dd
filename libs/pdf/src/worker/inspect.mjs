import { loadDocument } from './load-document.mjs';
import { displayedPageSize } from './page-size.mjs';

export async function inspect(bytes, maxPages) {
  const document = await loadDocument(bytes, maxPages);
  const pages = document.getPages().map((page) => displayedPageSize(page.node));
  return { pageCount: pages.length, pages };
}
