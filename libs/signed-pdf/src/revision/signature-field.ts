import { PDFArray, PDFDict, type PDFDocument, PDFName, PDFNumber, PDFRef, PDFString } from 'pdf-lib';

/**
 * Adds an invisible signature field holding `signature` (a /Sig or /DocTimeStamp dictionary) to the
 * form and to the first page's annotations, and answers every object it added or changed, for an
 * incremental update. Fields are named `<prefix><n>`, n one more than the form's fields, so names stay
 * unique however many signatures a file gathers.
 */
export function addSignatureField(document: PDFDocument, signature: PDFDict, prefix: string): PDFRef[] {
  const { context, catalog } = document;
  const changed: PDFRef[] = [];
  const signatureRef = context.register(signature);
  const firstPage = document.getPage(0);
  const form = formFields(catalog);
  const widget = context.obj({ Type: 'Annot', Subtype: 'Widget', FT: 'Sig', Rect: [0, 0, 0, 0], F: 132, P: firstPage.ref });
  widget.set(PDFName.of('T'), PDFString.of(`${prefix}${form.fields.size() + 1}`));
  widget.set(PDFName.of('V'), signatureRef);
  const widgetRef = context.register(widget);
  changed.push(signatureRef, widgetRef);

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
