import { createPrivateKey, type KeyObject, sign } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  addLongTermValidation, createDevelopmentPki, issueCrl, sealPdf, type Signer, signerOf, timestampAuthority, type Timestamper, type ValidationData
} from '../libs/signed-pdf/src';
import { samplePdf } from '../libs/testkit/src';
import { percentile, round } from './measure';

const RUNS = { 1: 10, 300: 3 } as const;

interface Timed {
  p50_ms: number;
  runs: number;
  bytes: number;
}

/**
 * Sealing a 1-page and a 300-page PDF with the development CA: PAdES B-B (the CMS signature alone)
 * against B-LTA (signature timestamp from the in-process development TSA, /DSS with chains and CRL,
 * document timestamp), beside a bare baseline doing the cryptography any seal of the file must do (a
 * SHA-256 of the whole file and one RSA 2048 signature, node:crypto). Rounds take the three in turn;
 * medians, file sizes, and ratios over the baseline and over B-B.
 */
export async function benchSealing() {
  const pki = await createDevelopmentPki({ crlUrl: 'http://127.0.0.1:9/pki/signet-dev-ca.crl', now: new Date() });
  const tsa = timestampAuthority({ signer: signerOf(pki.tsa, [pki.ca.certificate]), policy: '1.3.6.1.4.1.64000.1.1', clock: () => new Date() });
  const context: SealingContext = {
    signer: signerOf(pki.seal, [pki.ca.certificate]),
    sealKey: createPrivateKey({ key: pki.seal.privateKey, format: 'der', type: 'pkcs8' }),
    timestamper: tsa.timestamper,
    validationData: { certificates: [pki.seal.certificate, pki.tsa.certificate, pki.ca.certificate], crls: [await issueCrl(pki.ca, new Date())] }
  };
  return { pages_1: await benchPages(context, 1), pages_300: await benchPages(context, 300) };
}

interface SealingContext {
  signer: Signer;
  sealKey: KeyObject;
  timestamper: Timestamper;
  validationData: ValidationData;
}

async function benchPages(context: SealingContext, pages: keyof typeof RUNS) {
  const pdf = await samplePdf({ pages });
  const { signer, timestamper } = context;
  const timed = await inTurns({
    bare_sha256_rsa_sign: async () => sign('sha256', pdf, context.sealKey),
    b_b: () => sealPdf(pdf, { signer }),
    b_lta: async () => addLongTermValidation(await sealPdf(pdf, { signer, timestamper }), context.validationData, timestamper)
  }, RUNS[pages]);
  return {
    input_bytes: pdf.length,
    ...timed,
    ratios: {
      b_b_vs_bare: round(timed.b_b.p50_ms / timed.bare_sha256_rsa_sign.p50_ms, 1),
      b_lta_vs_bare: round(timed.b_lta.p50_ms / timed.bare_sha256_rsa_sign.p50_ms, 1),
      b_lta_vs_b_b: round(timed.b_lta.p50_ms / timed.b_b.p50_ms, 2)
    }
  };
}

/** Each variant `runs` times, one of each per round, so a busy moment of the host weighs on all alike. */
async function inTurns<Name extends string>(variants: Record<Name, () => Promise<Uint8Array>>, runs: number): Promise<Record<Name, Timed>> {
  const names = Object.keys(variants) as Name[];
  const latencies = new Map<Name, number[]>(names.map((name) => [name, []]));
  const sizes = new Map<Name, number>();
  for (let run = 0; run < runs; run += 1) {
    for (const name of names) {
      const started = performance.now();
      sizes.set(name, (await variants[name]()).length);
      latencies.get(name)!.push(performance.now() - started);
    }
  }
  const timed = {} as Record<Name, Timed>;
  for (const name of names) timed[name] = { p50_ms: percentile(latencies.get(name)!, 50), runs, bytes: sizes.get(name)! };
  return timed;
}
