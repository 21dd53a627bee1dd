import { v7 as uuidv7 } from 'uuid';

export const REQUEST_ID_HEADER = 'x-request-id';

export function newRequestId(): string {
  return `req_${uuidv7().replace(/-/g, '')}`;
}

/** A caller-chosen request id is kept only when it is short and plain, so it is safe to log and echo. */
export function acceptRequestId(value: string | string[] | undefined): string | null {
  return typeof value === 'string' && /^[A-Za-z0-9._:-]{1,128}$/.test(value) ? value : null;
}
