/** Gets RFC 3161 timestamp tokens: from a TSA over HTTP, or from the built-in development TSA. */
export interface Timestamper {
  /** The TimeStampToken (a CMS ContentInfo, DER) over the SHA-256 of `data`. */
  timestamp(data: Buffer): Promise<Buffer>;
  /** A generous size of one token, so the signature placeholder leaves room for it. */
  tokenSizeHint: number;
}
