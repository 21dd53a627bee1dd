import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

export type Json = Record<string, unknown>;

const DOCUMENT_ID = 'signet-openapi';

/** Keywords that name more properties elsewhere: closing the object beside them would refuse those. */
const COMPOSED = ['allOf', 'anyOf', 'oneOf', 'if'];

/**
 * Every object schema that does not say otherwise is held closed, so a field the document does not name
 * fails the check. (The document itself leaves outputs open: clients must ignore new fields.)
 */
function closeObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closeObjects);
  if (typeof node !== 'object' || node === null) return node;
  const copy = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, key === 'example' ? value : closeObjects(value)])) as Json;
  const open = copy.additionalProperties !== undefined || copy.patternProperties !== undefined || COMPOSED.some((keyword) => keyword in copy);
  if (copy.type === 'object' && copy.properties !== undefined && !open) copy.additionalProperties = false;
  return copy;
}

const pointerSegment = (segment: string) => encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));

/** A schema that only names a component is checked by that component's validator, shared by every use. */
export function schemaPointer(schema: Json, pointer: string[]): string[] {
  const ref = typeof schema.$ref === 'string' && Object.keys(schema).length === 1 ? schema.$ref : undefined;
  return ref?.startsWith('#/components/schemas/') ? ref.slice(2).split('/') : pointer;
}

/**
 * Validators of the schemas at places in an OpenAPI 3.1 document (a JSON pointer's segments), with every
 * object closed, by ajv's JSON Schema 2020-12 validator (OpenAPI 3.1's dialect). Compiled once per place.
 */
export function documentSchemas(document: Json) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  // The document's own validity is the document test's job (an independent validator); skip ajv's meta-schema pass here.
  ajv.addSchema({ ...(closeObjects(document) as Json), $id: DOCUMENT_ID }, undefined, undefined, false);
  const validators = new Map<string, ReturnType<typeof ajv.compile>>();

  return function validatorAt(pointer: string[]) {
    const ref = `${DOCUMENT_ID}#/${pointer.map(pointerSegment).join('/')}`;
    let validate = validators.get(ref);
    if (!validate) {
      validate = ajv.compile({ $ref: ref });
      validators.set(ref, validate);
    }
    return validate;
  };
}
