import { AUTOMATIC_FIELD_TYPES, checkFieldValue, toFieldDefinition, type FieldError, type PlacementInput, type TemplateUseRequest } from '@signet/contracts';
import { validationError } from '@signet/http';
import type { TemplateAggregate } from './template-model';

export interface Prefill {
  /** The template's placements, each field given a value carrying it as its default (and read-only as asked). */
  placements: Record<string, PlacementInput>;
  /** Values for the PDFs' own form fields, by document key. */
  formValues: Map<string, Record<string, string>>;
}

const valueOf = (given: NonNullable<TemplateUseRequest['fields']>[string]) => (typeof given === 'string' ? given : given.value);

/**
 * `fields[name]=value` of a use: each value goes to the template's fields of that name (checked as a
 * recipient's value would be, and kept as the field's value unless the recipient may change it) and to
 * the documents' own form fields of that name. A name neither has is a 422, as is a value that does not fit.
 */
export function prefill(template: TemplateAggregate, fields: TemplateUseRequest['fields']): Prefill {
  const given = fields ?? {};
  const used = new Set<string>();
  const details: FieldError[] = [];
  const placements: Record<string, PlacementInput> = {};
  for (const { key, ...placement } of template.template.placements) {
    const definition = toFieldDefinition(placement, key);
    const value = definition ? given[definition.name] : undefined;
    if (definition?.readonly && definition.default_value === null && value === undefined) {
      details.push({ field: `fields.${definition.name}`, message: 'needs a value: the template makes it read-only' });
    }
    if (!definition || value === undefined) {
      placements[key] = placement;
      continue;
    }
    used.add(definition.name);
    const checked = AUTOMATIC_FIELD_TYPES.includes(definition.type) || definition.type === 'ATTACHMENT'
      ? { valid: false as const, message: `a ${definition.type} field is filled by its recipient or automatically, not prefilled` }
      : checkFieldValue(definition, valueOf(value));
    if (!checked.valid) details.push({ field: `fields.${definition.name}`, message: checked.message });
    const readonly = typeof value === 'string' ? undefined : value.readonly;
    placements[key] = { ...placement, default_value: valueOf(value), ...(readonly === undefined ? {} : { readonly: readonly === true || readonly === 'true' }) };
  }
  const formValues = new Map<string, Record<string, string>>();
  for (const [name, value] of Object.entries(given)) {
    const documents = template.documents.filter((document) => document.form_fields.includes(name));
    for (const document of documents) formValues.set(document.custom_key, { ...formValues.get(document.custom_key), [name]: valueOf(value) });
    if (documents.length === 0 && !used.has(name)) details.push({ field: `fields.${name}`, message: `no field of the template is named "${name}"` });
  }
  if (details.length > 0) throw validationError(details);
  return { placements, formValues };
}
