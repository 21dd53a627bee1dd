/**
 * What the identity worker (src/local/worker/identity-worker.mjs) answers, as TypeScript: the worker is
 * plain JavaScript, so these mirror it and change with it.
 */

export interface MrzReading {
  source: 'MRZ';
  format: 'TD1' | 'TD2' | 'TD3';
  /** Every field valid by `mrz` (check digits, codes, dates). */
  valid: boolean;
  /** How many check digits the format has (all of them are checked). */
  checkDigits: number;
  /** The check-digit fields that did not verify. */
  checkDigitFailures: string[];
  /** Other fields `mrz` found invalid (an unknown country code, an impossible date). */
  otherInvalid: string[];
  autocorrected: boolean;
  fields: {
    documentCode: string | null;
    country: string | null;
    nationality: string | null;
    lastName: string | null;
    firstName: string | null;
    documentNumber: string | null;
    /** YYMMDD. */
    birthDate: string | null;
    /** YYMMDD. */
    expirationDate: string | null;
  };
  nameTruncated: boolean;
}

export interface AamvaReading {
  source: 'PDF417';
  valid: boolean;
  /** Why the data is not usable AAMVA (empty when valid). */
  problems: string[];
  version: string | null;
  fields: {
    /** DL (a driving licence) or ID (an identification card). */
    subfile: 'DL' | 'ID' | null;
    country: 'USA' | 'CAN' | null;
    lastName: string | null;
    firstName: string | null;
    middleName: string | null;
    documentNumber: string | null;
    /** YYYY-MM-DD. */
    expirationDate: string | null;
    birthDate: string | null;
  };
  nameTruncated: boolean;
}

export type DocumentReading = MrzReading | AamvaReading;

export interface DocumentAnswer {
  reading: DocumentReading | null;
  portrait: { faces: number; score: number | null };
}

export interface FrameAnswer {
  faces: number;
  real: number | null;
  live: number | null;
  /** Degrees, positive when the face is turned clockwise in the image as captured. */
  roll: number | null;
}

export interface SelfieAnswer {
  portrait: { faces: number };
  neutral: FrameAnswer;
  challenge: FrameAnswer;
  /** The neutral frame's face against the document's largest face; null when either is missing or ambiguous. */
  similarity: number | null;
  /** The challenge frame's face against the neutral frame's. */
  challengeSimilarity: number | null;
}

/** A worker thread's state after a task: for the bench and for health. */
export interface WorkerStats {
  threadId: number;
  /** The whole process's resident set (worker threads share it). */
  rssBytes: number;
  heapUsedBytes: number;
  externalBytes: number;
  /** Milliseconds each engine took to load in this thread, null while not loaded. */
  loadMs: { ocr: number | null; barcode: number | null; faces: number | null };
  tasksDone: number;
  /** fetch calls and socket connections refused by the worker's offline guard. */
  refusedNetworkAttempts: number;
}
