/**
 * `attachment` with the file name twice: a plain-ASCII `filename` for old clients and an RFC 5987
 * `filename*` that keeps accents and non-Latin names intact for the rest.
 */
export function attachmentDisposition(fileName: string): string {
  const asciiFallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${asciiFallback}"; filename*=UTF-8''${encoded}`;
}
