import type { Recorder } from './recorder';
import type { Receiver } from './receiver';

/** What every flow of the capture works with: the recorder, the Signet it talks to, the webhook receiver. */
export interface Capture {
  api: Recorder;
  /** The gateway's base URL (loopback, a free port). */
  baseUrl: string;
  receiver: Receiver;
  /** docs/sample-contract.pdf: the quickstart's PDF, with the text `{{ben}}` where Ben signs. */
  pdf: Buffer;
  /** Moves Signet's clock forward and runs what came due: a code expires, an envelope is reminded and expires, without waiting. */
  advanceClock(ms: number): Promise<void>;
}
