import pdfLib from 'pdf-lib';
import { PdfFailure } from './pdf-failure.mjs';

const { PDFArray, PDFDict, PDFName, PDFRef, PDFStream } = pdfLib;

/**
 * Action types that run something in the reader, reach outside the document or send data away. Links
 * (/URI), jumps inside the document (/GoTo) and the like are ordinary content.
 */
const EXECUTABLE_ACTIONS = new Set(['JavaScript', 'Launch', 'ImportData', 'SubmitForm', 'Rendition', 'GoToE']);
/** Keys whose value is an action (or, for /Next, one or more). */
const ACTION_KEYS = ['OpenAction', 'A', 'Next'];
const MAX_DEPTH = 64;

/**
 * Refuses a document that would run code for its signers or travel on into the signed PDF: JavaScript
 * (an action, or the document-level name tree), Launch and the other executable actions, whether they
 * start on opening (/OpenAction), on an event (/AA) or on a click (/A). Every object is looked at, so
 * an action hidden in an object stream or a form field is found as well.
 */
export function refuseActiveContent(document) {
  const names = document.catalog.lookup(PDFName.of('Names'));
  if (names instanceof PDFDict && names.has(PDFName.of('JavaScript'))) throw activeContent('document-level JavaScript (/Names /JavaScript)');
  for (const [, object] of document.context.enumerateIndirectObjects()) inspectValue(document.context, object, 0);
}

function activeContent(what) {
  return new PdfFailure('active_content', { action: what });
}

function inspectValue(context, value, depth) {
  if (depth > MAX_DEPTH) return;
  const dict = value instanceof PDFStream ? value.dict : value;
  if (dict instanceof PDFDict) {
    for (const key of ACTION_KEYS) inspectAction(context, dict.get(PDFName.of(key)), `/${key}`, 0);
    const additional = context.lookup(dict.get(PDFName.of('AA')));
    if (additional instanceof PDFDict) {
      for (const [trigger, action] of additional.entries()) inspectAction(context, action, `/AA ${trigger.asString()}`, 0);
    }
    for (const [, child] of dict.entries()) if (!(child instanceof PDFRef)) inspectValue(context, child, depth + 1);
  } else if (value instanceof PDFArray) {
    for (const child of value.asArray()) if (!(child instanceof PDFRef)) inspectValue(context, child, depth + 1);
  }
}

function inspectAction(context, value, where, hops) {
  if (value === undefined || hops > MAX_DEPTH) return;
  const action = context.lookup(value);
  if (action instanceof PDFArray) {
    for (const each of action.asArray()) inspectAction(context, each, where, hops + 1);
    return;
  }
  if (!(action instanceof PDFDict)) return;
  const type = action.lookup(PDFName.of('S'));
  if (type instanceof PDFName && EXECUTABLE_ACTIONS.has(type.decodeText())) throw activeContent(`${where} ${type.asString()}`);
  if (action.has(PDFName.of('JS'))) throw activeContent(`${where} /JavaScript`);
  inspectAction(context, action.get(PDFName.of('Next')), where, hops + 1);
}
