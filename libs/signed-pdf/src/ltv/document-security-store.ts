import { PDFArray, PDFDict, PDFName, type PDFObject, type PDFRef } from 'pdf-lib';
import { appendIncrementalUpdate } from './incremental-update';

export interface ValidationData {
  /** DER certificates: the seal's and the TSA's chains. */
  certificates: Buffer[];
  /** DER CRLs of the issuing CAs. */
  crls: Buffer[];
  /** DER OCSP responses, where a CA answers OCSP instead. */
  ocsps?: Buffer[];
}

const ENTRIES = [['Certs', 'certificates'], ['CRLs', 'crls'], ['OCSPs', 'ocsps']] as const;

/**
 * Adds the Document Security Store (/DSS, ETSI EN 319 142-1 5.4.2) in an incremental update: the
 * certificates and revocation data a validator needs to check the signatures years from now, when
 * the CA may no longer answer (PAdES B-LT). What an earlier /DSS held is kept beside the new data.
 */
export async function addDocumentSecurityStore(pdf: Uint8Array, data: ValidationData): Promise<Buffer> {
  return appendIncrementalUpdate(pdf, (document) => {
    const { context, catalog } = document;
    const changed: PDFRef[] = [];
    const previous = catalog.lookupMaybe(PDFName.of('DSS'), PDFDict);
    const dss = context.obj({});
    for (const [key, field] of ENTRIES) {
      const array = context.obj([]);
      const kept = previous?.lookupMaybe(PDFName.of(key), PDFArray);
      for (let index = 0; index < (kept?.size() ?? 0); index++) array.push(kept!.get(index) as PDFObject);
      for (const item of unique(data[field] ?? [])) {
        const ref = context.register(context.flateStream(item));
        changed.push(ref);
        array.push(ref);
      }
      if (array.size() > 0) dss.set(PDFName.of(key), array);
    }
    const dssRef = context.register(dss);
    catalog.set(PDFName.of('DSS'), dssRef);
    changed.push(dssRef, context.trailerInfo.Root as PDFRef);
    return changed;
  });
}

function unique(items: Buffer[]): Buffer[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = item.toString('base64');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
