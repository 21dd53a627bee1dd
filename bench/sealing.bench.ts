import { performance } from 'node:perf_hooks';
import {
  addLongTermValidation, createDevelopmentPki, issueCrl, sealPdf, signerOf, timestampAuthority
} from '../libs/signed-pdf/src';
import { samplePdf } from '../libs/testkit/src';
import { percentile } from './measure';

const RUNS = { 1: 10, 300: 3 } as const;

/**
 * Sealing a 1-page and a 300-page PDF with the development CA: PAdES B-B (the CMS signature alone)
 * against B-LTA (signature timestamp from the in-process development TSA, /DSS with chains and CRL,
 * document timestamp), median of several runs, with the files' sizes.
 */
export async function benchSealing() {
  const pki = await createDevelopmentPki({ crlUrl: 'http://127.0.0.1:9/pki/signet-dev-ca.crl', now: new Date() });
  const signer = signerOf(pki.seal, [pki.ca.certificate]);
  const tsa = timestampAuthority({ signer: signerOf(pki.tsa, [pki.ca.certificate]), policy: '1.3.6.1.4.1.64000.1.1', clock: () => new Date() });
  const validationData = { certificates: [pki.seal.certificate, pki.tsa.certificate, pki.ca.certificate], crls: [await issueCrl(pki.ca, new Date())] };
  const results: Record<string, unknown> = {};
  for (const pages of [1, 300] as const) {
    const pdf = await samplePdf({ pages });
    const timed = async (seal: () => Promise<Uint8Array>) => {
      const latencies: number[] = [];
      let size = 0;
      for (let run = 0; run < RUNS[pages]; run += 1) {
        const started = performance.now();
        size = (await seal()).length;
        latencies.push(performance.now() - started);
      }
      return { p50_ms: Math.round(percentile(latencies, 50)), runs: latencies.length, bytes: size };
    };
    results[`pages_${pages}`] = {
      input_bytes: pdf.length,
      b_b: await timed(() => sealPdf(pdf, { signer })),
      b_lta: await timed(async () => addLongTermValidation(await sealPdf(pdf, { signer, timestamper: tsa.timestamper }), validationData, tsa.timestamper))
    };
  }
  return results;
}
