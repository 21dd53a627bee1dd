/**
 * The highest outbox id up to which every batch the relay published has been handled by every consumer
 * group (the in-memory bus tells when). Batches are handled out of order across topics, so the mark only
 * moves over an unbroken run of handled batches.
 */
export interface HandledWatermark {
  track(throughId: number, handled: Promise<void>): void;
  /** A new mark to record, or null when the recorded one is current. */
  due(): number | null;
  recorded(throughId: number): void;
}

export function handledWatermark(): HandledWatermark {
  const pending: Array<{ throughId: number; handled: boolean }> = [];
  let handledThrough: number | null = null;
  let recordedThrough: number | null = null;

  return {
    track(throughId, handled) {
      const batch = { throughId, handled: false };
      pending.push(batch);
      void handled.then(() => {
        batch.handled = true;
        while (pending[0]?.handled) handledThrough = (pending.shift() as { throughId: number }).throughId;
      });
    },
    due: () => (handledThrough !== null && handledThrough !== recordedThrough ? handledThrough : null),
    recorded(throughId) {
      recordedThrough = throughId;
    }
  };
}
