/** Answers kept for Idempotency-Key replays are JSON; a larger answer goes on to the client and is not kept. */
export const MAX_KEPT_ANSWER_BYTES = 1024 * 1024;
/** The answer headers a replay repeats; the rest describe one exchange (dates, lengths, request ids). */
export const KEPT_ANSWER_HEADERS = ['content-type', 'location'];
