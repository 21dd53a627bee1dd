/** Something loaded on first use and shared (a key, a CA), let go of with `close` when the service stops. */
export type LoadedOnce<T> = (() => Promise<T>) & { close(): Promise<void> };

/**
 * `load` runs on the first call and its result is shared; a failed load is forgotten, so the next call
 * tries again (an HSM that was down). `close` lets go of whatever was loaded.
 */
export function loadedOnce<T extends { close(): void }>(load: () => Promise<T>): LoadedOnce<T> {
  let loading: Promise<T> | null = null;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  const close = async () => {
    const loaded = loading;
    loading = null;
    (await loaded?.catch(() => null))?.close();
  };
  return Object.assign(get, { close });
}
