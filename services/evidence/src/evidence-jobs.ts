import { Type } from '@sinclair/typebox';
import { defineJobKind, doublingBackoff } from '@signet/jobs';

/** What queuing the re-render needs: its name and payload (queued by the timeline's own statement). */
export const RERENDER_EVIDENCE = {
  name: 'evidence.rerender-evidence',
  payload: Type.Object({ envelopeId: Type.String() })
};

/**
 * Re-renders evidence whose timeline grew after it was rendered, off the consumer and off the HTTP
 * request (which keeps answering with the previous document meanwhile). One job per envelope: an
 * envelope whose sheet cannot be rendered retries on its own and holds up no other.
 */
export function rerenderEvidenceJob(generator: { renderOnce(envelopeId: string): Promise<unknown> }) {
  return defineJobKind({
    ...RERENDER_EVIDENCE,
    maxAttempts: 8,
    backoffMs: doublingBackoff(5000, 10 * 60_000),
    leaseMs: 5 * 60_000,
    run: async ({ envelopeId }) => void (await generator.renderOnce(envelopeId))
  });
}
