/** Types of offline.mjs, for TypeScript callers (the calibration script). */
export function refusedNetworkAttempts(): number;
export function offlineFetch(input: string | URL | Request): Promise<Response>;
export function goOffline(): () => void;
