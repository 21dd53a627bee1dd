import type { TSchema } from '@sinclair/typebox';

type JsonSchema = Record<string, unknown>;

/** Example keys for the bracket names the document lists, by the record they index. */
const EXAMPLE_KEYS: Record<string, string> = { documents: 'contract', recipients: 'ben', placements: '0' };

const escapeRegex = (text: string): string => text.replace(/[[\]\\^$.*+?()|{}]/g, '\\$&');

interface Field {
  /** The field name with example keys, e.g. `recipients[ben][email]`. */
  name: string;
  /** A regular expression matching every name of this field, e.g. `^recipients\[[A-Za-z0-9_.-]{1,64}\]\[email\]$`. */
  pattern: string;
  schema: JsonSchema;
}

/** A nested form field's own schema: its leaf type, with ajv-only keywords left out. */
function leafSchema(schema: JsonSchema, required: boolean): JsonSchema {
  const rest = schema;
  const description = [rest.description, required ? 'Required.' : undefined].filter(Boolean).join(' ');
  return { ...rest, ...(description ? { description } : {}) };
}

function fieldsOf(schema: JsonSchema, name: string, pattern: string, required: boolean, root: string): Field[] {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  const patternProperties = schema.patternProperties as Record<string, JsonSchema> | undefined;
  if (schema.type === 'object' && properties) {
    const requiredNames = new Set((schema.required as string[] | undefined) ?? []);
    return Object.entries(properties).flatMap(([key, child]) => {
      const childName = name === '' ? key : `${name}[${key}]`;
      const childPattern = name === '' ? escapeRegex(key) : `${pattern}\\[${escapeRegex(key)}\\]`;
      return fieldsOf(child, childName, childPattern, required && requiredNames.has(key), name === '' ? key : root);
    });
  }
  if (schema.type === 'object' && patternProperties) {
    const [keyPattern, child] = Object.entries(patternProperties)[0] as [string, JsonSchema];
    const inner = keyPattern.replace(/^\^/, '').replace(/\$$/, '');
    return fieldsOf(child, `${name}[${EXAMPLE_KEYS[root] ?? 'key'}]`, `${pattern}\\[${inner}\\]`, required, root);
  }
  // A settings field that also takes null (reset): a form sends the text, so only the non-null choice shows.
  const choices = (schema.anyOf as JsonSchema[] | undefined)?.filter((choice) => choice.type !== 'null');
  const leaf = choices?.length === 1 ? { ...choices[0], ...(schema.description ? { description: schema.description } : {}) } : schema;
  return [{ name, pattern, schema: leafSchema(leaf, required) }];
}

/**
 * The bracket-notation form of a nested request: one property per leaf, named as a client sends it
 * (`recipients[ben][email]`), with the leaf's schema and description. Keys in brackets are examples; the
 * `patternProperties` accept every key the nested schema accepts, so the form schema is exact.
 */
export function bracketFormSchema(schema: TSchema, description: string): JsonSchema {
  // Copied without ajv-only keywords at any depth: a leaf's union keeps its branches' `errorMessage` otherwise.
  const plain = JSON.parse(JSON.stringify(schema, (key, value: unknown) => (key === 'errorMessage' ? undefined : value))) as JsonSchema;
  const fields = fieldsOf(plain, '', '', true, '');
  return {
    type: 'object',
    description,
    properties: Object.fromEntries(fields.map((field) => [field.name, field.schema])),
    patternProperties: Object.fromEntries(fields.filter((field) => field.name.includes('[')).map((field) => [`^${field.pattern}$`, field.schema])),
    additionalProperties: false
  };
}
