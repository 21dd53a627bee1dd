/**
 * `<signet-builder>`, the element `/embed/builder.js` defines: its methods and events, for pages written
 * in TypeScript (`document.querySelector('signet-builder') as HTMLElement & SignetBuilderElement`). The
 * script itself is served by Signet; this is only its type.
 */
export interface SignetBuilderEventMap {
  ready: CustomEvent<Record<string, never>>;
  change: CustomEvent<{ revision: number }>;
  save: CustomEvent<{ template_id: string } | { envelope_id: string }>;
  send: CustomEvent<{ envelope_id: string }>;
  error: CustomEvent<{ code: string; message: string }>;
  'token-expired': CustomEvent<Record<string, never>>;
}

/** What the element adds to an HTML element: set its `url` and `token` attributes from a builder session your server started. */
export interface SignetBuilderElement {
  /** The editor's count of changes, as its last `change` event said. */
  readonly revision: number;
  /** Asks the editor to save: a `save` or an `error` event answers. */
  save(): void;
  /** Shows the documents as this recipient will see them, read-only; `null` edits again. */
  preview(recipientKey: string | null): void;
  /** A new session's token for the running editor (after `token-expired`), without reloading it. */
  setToken(token: string): void;
  addEventListener<K extends keyof SignetBuilderEventMap>(type: K, listener: (event: SignetBuilderEventMap[K]) => void): void;
  removeEventListener<K extends keyof SignetBuilderEventMap>(type: K, listener: (event: SignetBuilderEventMap[K]) => void): void;
}
