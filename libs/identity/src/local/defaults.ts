/**
 * The selfie thresholds a policy starts from, calibrated with scripts/calibrate-faces.ts on the set it
 * builds (libs/identity/README.md, "Calibration", has the numbers and the set's limits):
 * - similarity 0.7: the set's 342 genuine pairs scored 0.75 to 1 and its 361 impostor pairs 0.23 to 0.40,
 *   so 0.7 had no false accept and no false reject there. It sits nearer the genuine side on purpose: two
 *   different people reached 0.67 in an earlier try (the research notes), and the set's genuine pairs are
 *   variants of one photo each, easier than a selfie against a years-old document photo.
 * - antispoof 0.3 and liveness 0.4: the set's 36 genuine selfie-like images scored real 0.37 to 0.89 and
 *   live 0.48 to 1; the thresholds pass all of them and only turn away frames the models are confident
 *   about. A photo of the passport itself scored real 0.41 and 0.53: see ASSURANCE.
 */
export const DEFAULT_SELFIE_THRESHOLDS = { similarity: 0.7, antispoof: 0.3, liveness: 0.4 } as const;

/** The least head roll, in degrees, between the neutral frame and the challenge frame for a tilt. */
export const CHALLENGE_MIN_ROLL_DEGREES = 10;

/** The statement the record and the README carry about what the local engine is, and is not. */
export const ASSURANCE =
  'Signet local identity engine: document reading (MRZ check digits, AAMVA PDF417) and face comparison run offline with open-source models. ' +
  'Presentation-attack detection (antispoof and liveness scores from single stills, with a head-tilt challenge) is unaudited and NOT certified to ISO/IEC 30107-3: ' +
  'a printed or replayed photo may pass it. Document security features (holograms, UV, the chip) are not checked. ' +
  'An outcome is evidence supporting a remote identity check, not a certified identity proofing.';
