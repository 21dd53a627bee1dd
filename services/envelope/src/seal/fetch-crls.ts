import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import type { Logger } from '@signet/log';

const CRL_TIMEOUT_MS = 10_000;
const MAX_CRL_BYTES = 10 * 1024 * 1024;

/**
 * The CRLs a configured seal chain names (CRL distribution points, http only, as RFC 5280 advises for
 * CRLs), for the /DSS. A CRL that cannot be had is left out with a warning: the seal stays valid, the
 * document only lacks that revocation data (a validator then asks the CA itself).
 */
export async function fetchCrls(certificates: Buffer[], log: Logger): Promise<Buffer[]> {
  const urls = new Set<string>();
  for (const der of certificates) {
    const extension = new x509.X509Certificate(der).getExtension(x509.CRLDistributionPointsExtension);
    for (const point of extension?.distributionPoints ?? []) {
      for (const name of point.distributionPoint?.fullName ?? []) {
        if (name.uniformResourceIdentifier?.startsWith('http://')) urls.add(name.uniformResourceIdentifier);
      }
    }
  }
  const crls: Buffer[] = [];
  for (const url of urls) {
    try {
      const response = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(CRL_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const body = Buffer.from(await response.arrayBuffer());
      if (body.length > MAX_CRL_BYTES) throw new Error('larger than 10 MiB');
      crls.push(body);
    } catch (error) {
      log.warn({ url, err: (error as Error).message }, 'CRL left out of the document security store');
    }
  }
  return crls;
}
