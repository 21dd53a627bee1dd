import { SignPdf, Signer } from '@signpdf/signpdf';
import { PDFArray, PDFDict, PDFHexString, PDFName, PDFNumber, PDFRef, PDFString } from 'pdf-lib';
import type { Timestamper } from '../timestamp/timestamper';
import { appendIncrementalUpdate } from './incremental-update';

/** Room for the token in /Contents, in bytes, beside what the timestamper says its tokens take. */
const TOKEN_MARGIN = 2048;
const BYTE_RANGE_PLACEHOLDER = PDFName.of('**********');

class TokenSigner extends Signer {
  constructor(private readonly timestamper: Timestamper) {
    super();
  }

  override async sign(covered: Buffer): Promise<Buffer> {
    return this.timestamper.timestamp(covered);
  }
}

/**
 * Adds a document timestamp (/Type /DocTimeStamp, /SubFilter /ETSI.RFC3161) in an incremental update:
 * an RFC 3161 token over the whole file as it then is, /DSS included, which protects that validation
 * data and the signatures before it (PAdES B-LTA). A later one, before this TSA's certificate expires,
 * extends the protection again.
 */
export async function addDocumentTimestamp(pdf: Uint8Array, timestamper: Timestamper): Promise<Buffer> {
  const withPlaceholder = await appendIncrementalUpdate(pdf, (document) => {
    const { context, catalog } = document;
    const changed: PDFRef[] = [];
    const timestamp = context.obj({});
    timestamp.set(PDFName.of('Type'), PDFName.of('DocTimeStamp'));
    timestamp.set(PDFName.of('Filter'), PDFName.of('Adobe.PPKLite'));
    timestamp.set(PDFName.of('SubFilter'), PDFName.of('ETSI.RFC3161'));
    timestamp.set(PDFName.of('ByteRange'), context.obj([PDFNumber.of(0), BYTE_RANGE_PLACEHOLDER, BYTE_RANGE_PLACEHOLDER, BYTE_RANGE_PLACEHOLDER]));
    timestamp.set(PDFName.of('Contents'), PDFHexString.of('0'.repeat(2 * (timestamper.tokenSizeHint + TOKEN_MARGIN))));
    const timestampRef = context.register(timestamp);

    const firstPage = document.getPage(0);
    const form = formFields(catalog);
    const widget = context.obj({
      Type: 'Annot', Subtype: 'Widget', FT: 'Sig', Rect: [0, 0, 0, 0], F: 132, P: firstPage.ref
    });
    widget.set(PDFName.of('T'), PDFString.of(`DocumentTimestamp${form.fields.size() + 1}`));
    widget.set(PDFName.of('V'), timestampRef);
    const widgetRef = context.register(widget);
    changed.push(timestampRef, widgetRef);

    form.fields.push(widgetRef);
    changed.push(form.changed ?? (context.trailerInfo.Root as PDFRef));
    const annots = firstPage.node.get(PDFName.of('Annots'));
    if (annots instanceof PDFRef) {
      context.lookup(annots, PDFArray).push(widgetRef);
      changed.push(annots);
    } else {
      const list = annots instanceof PDFArray ? annots : context.obj([]);
      list.push(widgetRef);
      firstPage.node.set(PDFName.of('Annots'), list);
      changed.push(firstPage.ref);
    }
    return changed;
  });
  return new SignPdf().sign(withPlaceholder, new TokenSigner(timestamper));
}

/**
 * The /Fields array of the form, created if need be, and the object to rewrite for a field added to it:
 * the array itself when it is an indirect object, else the form dictionary, else (a form written
 * inside the catalog) null for the catalog.
 */
function formFields(catalog: PDFDict): { fields: PDFArray; changed: PDFRef | null } {
  const context = catalog.context;
  let formRef: PDFRef | null = null;
  let form = catalog.get(PDFName.of('AcroForm'));
  if (form instanceof PDFRef) {
    formRef = form;
    form = context.lookup(form, PDFDict);
  }
  if (!(form instanceof PDFDict)) {
    form = context.obj({ Fields: [] });
    catalog.set(PDFName.of('AcroForm'), form);
  }
  const dict = form as PDFDict;
  dict.set(PDFName.of('SigFlags'), PDFNumber.of(3));
  const fields = dict.get(PDFName.of('Fields'));
  if (fields instanceof PDFRef) return { fields: context.lookup(fields, PDFArray), changed: fields };
  if (fields instanceof PDFArray) return { fields, changed: formRef };
  const created = context.obj([]);
  dict.set(PDFName.of('Fields'), created);
  return { fields: created, changed: formRef };
}
