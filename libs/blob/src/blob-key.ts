import { InvalidBlobKeyError } from './blob-errors';

// S3's own limit on key length; the filesystem store keeps to it too so keys move between stores.
const MAX_KEY_LENGTH = 1024;
// Characters that need no escaping in a URL path, an S3 key or a file name on any filesystem.
const KEY_CHARACTERS = /^[A-Za-z0-9/_.-]+$/;

/**
 * Why a key cannot be used, or undefined when it can. Keys become file paths in the filesystem store,
 * so a key must never climb out of the store's directory.
 */
function keyProblem(key: string): string | undefined {
  if (key.length === 0) return 'it is empty';
  if (key.length > MAX_KEY_LENGTH) return `it is longer than ${MAX_KEY_LENGTH} characters`;
  if (!KEY_CHARACTERS.test(key)) return 'only letters, digits and / _ . - are allowed';
  if (key.startsWith('/')) return 'it must not start with /';
  if (key.includes('..')) return 'it must not contain ..';
  const segments = key.split('/');
  if (segments.some((segment) => segment === '' || segment === '.')) return 'it has an empty or "." path segment';
  return undefined;
}

export function isBlobKey(key: string): boolean {
  return keyProblem(key) === undefined;
}

export function assertBlobKey(key: string): void {
  const problem = keyProblem(key);
  if (problem !== undefined) throw new InvalidBlobKeyError(key, problem);
}
