import type { Clock } from '@signet/service';
import type { ApiKeyLookup } from '../api-keys/api-key-cache';
import type { ApiKeyRecord } from '../api-keys/api-key-repository';
import type { ConsoleSessionStore } from './console-session-store';

export interface ConsoleDeps {
  sessions: ConsoleSessionStore;
  /** The key a sign-in names, as any API request would find it. */
  keys: ApiKeyLookup;
  /** A session's key by id, read on each request: a revoked key ends its sessions at once. */
  keyById: (id: string) => Promise<ApiKeyRecord | null>;
  clock: Clock;
  /** Where Signet is reached: an https base makes the cookie Secure. */
  publicBaseUrl: string;
}

/** How long a sign-in lasts, whatever is done meanwhile; signing out ends it sooner. */
export const CONSOLE_SESSION_MS = 8 * 3_600_000;
