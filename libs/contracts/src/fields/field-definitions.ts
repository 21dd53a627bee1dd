import type { FieldError } from '../field-errors';
import { checkFieldValue, isIsoDate, parseNumber, type FieldDefinition } from './field-values';
import {
  AUTOMATIC_FIELD_TYPES, defaultFieldName, isFieldType, RECIPIENT_ROLES, roleMayFill, splitOptions,
  type PlacementType, type RecipientRole
} from './field-types';

/** A placement's field properties as a request gives them (form strings; JSON clients may send booleans). */
export interface FieldPlacementInput {
  recipient_key: string;
  type?: PlacementType;
  name?: string;
  required?: string | boolean;
  readonly?: string | boolean;
  default_value?: string;
  options?: string;
  pattern?: string;
  min?: string;
  max?: string;
}

export interface RoleRecipientInput {
  role?: RecipientRole;
  witness_of?: string;
}

/** TRUE/true/true as given; absent is `fallback`. */
export function isTrue(value: string | boolean | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  return value === true || (typeof value === 'string' && value.toLowerCase() === 'true');
}

/** A field's required default: TRUE for inputs, FALSE for a tick box (an unticked box is an answer too). */
export function defaultRequired(type: PlacementType): boolean {
  return type !== 'CHECKBOX';
}

/** The definition a field placement stands for, as its values are checked; null for the three acts. */
export function toFieldDefinition(input: FieldPlacementInput, index: string): FieldDefinition | null {
  const type = input.type ?? 'SIGNATURE';
  if (!isFieldType(type)) return null;
  return {
    name: input.name ?? defaultFieldName(type, index),
    type,
    required: AUTOMATIC_FIELD_TYPES.includes(type) ? false : isTrue(input.required, defaultRequired(type)),
    readonly: isTrue(input.readonly, false),
    default_value: input.default_value ?? null,
    options: splitOptions(input.options),
    pattern: input.pattern ?? null,
    min: input.min ?? null,
    max: input.max ?? null
  };
}

type FieldProperty = 'required' | 'readonly' | 'default_value' | 'options' | 'pattern' | 'min' | 'max';

/** Which placement types take each field property; any other type given it is a 422. */
const TAKES: Record<FieldProperty, readonly PlacementType[]> = {
  required: ['INITIALS', 'TEXT', 'NUMBER', 'DATE', 'CHECKBOX', 'RADIO', 'DROPDOWN', 'EMAIL', 'ATTACHMENT'],
  readonly: ['TEXT', 'NUMBER', 'DATE', 'CHECKBOX', 'RADIO', 'DROPDOWN', 'EMAIL'],
  default_value: ['INITIALS', 'TEXT', 'NUMBER', 'DATE', 'CHECKBOX', 'RADIO', 'DROPDOWN', 'EMAIL'],
  options: ['RADIO', 'DROPDOWN'],
  pattern: ['TEXT'],
  min: ['NUMBER', 'DATE'],
  max: ['NUMBER', 'DATE']
};

export const MAX_FIELD_OPTIONS = 50;

function optionProblems(field: FieldDefinition): string | null {
  if (field.options.length < 2) return 'give at least two comma-separated options';
  if (field.options.length > MAX_FIELD_OPTIONS) return `give at most ${MAX_FIELD_OPTIONS} options`;
  if (new Set(field.options).size < field.options.length) return 'each option must be different';
  if (field.options.some((option) => option.length > 100)) return 'each option must be at most 100 characters';
  return null;
}

function patternProblem(pattern: string): string | null {
  try {
    new RegExp(pattern, 'u');
    return null;
  } catch {
    return 'must be a valid regular expression';
  }
}

function boundProblems(field: FieldDefinition, path: string): FieldError[] {
  const valid = (text: string) => (field.type === 'NUMBER' ? parseNumber(text) !== null : isIsoDate(text));
  const wanted = field.type === 'NUMBER' ? 'must be a number' : 'must be a date written YYYY-MM-DD';
  const details: FieldError[] = [];
  for (const bound of ['min', 'max'] as const) {
    const text = field[bound];
    if (text !== null && !valid(text)) details.push({ field: `${path}.${bound}`, message: wanted });
  }
  if (details.length === 0 && field.min !== null && field.max !== null) {
    const [min, max] = field.type === 'NUMBER' ? [Number(field.min), Number(field.max)] : [field.min, field.max];
    if (min > max) details.push({ field: `${path}.max`, message: 'must not be less than min' });
  }
  return details;
}

/** What is wrong with one placement's field properties, each problem at its path. */
function onePlacementProblems(input: FieldPlacementInput, index: string): FieldError[] {
  const path = `placements.${index}`;
  const type = input.type ?? 'SIGNATURE';
  const details: FieldError[] = [];
  for (const property of Object.keys(TAKES) as FieldProperty[]) {
    if (input[property] !== undefined && !TAKES[property].includes(type)) {
      details.push({ field: `${path}.${property}`, message: `is not allowed for a ${type} placement` });
    }
  }
  const field = toFieldDefinition(input, index);
  if (field === null || details.length > 0) return details;
  if (field.type === 'RADIO' || field.type === 'DROPDOWN') {
    const problem = optionProblems(field);
    if (problem !== null) return [...details, { field: `${path}.options`, message: problem }];
  }
  if (field.pattern !== null) {
    const problem = patternProblem(field.pattern);
    if (problem !== null) return [...details, { field: `${path}.pattern`, message: problem }];
  }
  const bounds = field.type === 'NUMBER' || field.type === 'DATE' ? boundProblems(field, path) : [];
  if (bounds.length > 0) return [...details, ...bounds];
  if (field.default_value !== null) {
    const checked = checkFieldValue(field, field.default_value);
    if (!checked.valid) details.push({ field: `${path}.default_value`, message: checked.message });
  }
  if (field.readonly && field.default_value === null) details.push({ field: `${path}.default_value`, message: 'is required for a read-only field' });
  return details;
}

/**
 * The checks of field placements a schema cannot make: which properties each type takes, options, pattern
 * and bounds that make sense, a default that is itself a valid value, and names unique in the envelope.
 */
export function fieldPlacementProblems(placements: Record<string, FieldPlacementInput> | undefined): FieldError[] {
  const details: FieldError[] = [];
  const named = new Map<string, string>();
  for (const [index, placement] of Object.entries(placements ?? {})) {
    details.push(...onePlacementProblems(placement, index));
    const type = placement.type ?? 'SIGNATURE';
    const name = placement.name ?? (isFieldType(type) ? defaultFieldName(type, index) : undefined);
    if (name === undefined) continue;
    const other = named.get(name);
    if (other !== undefined) details.push({ field: `placements.${index}.name`, message: `"${name}" is already the name of placement ${other}` });
    else named.set(name, index);
  }
  return details;
}

/**
 * Roles against what they are given: a WITNESS names the SIGNER they witness (`witness_of`), no one else
 * does, and no placement goes to a recipient whose role cannot fill it. Placements naming an unknown
 * recipient are left to the envelope's own errors (an update may add the recipient).
 */
export function rolePlacementProblems(recipients: Record<string, RoleRecipientInput>, placements: Record<string, FieldPlacementInput> | undefined): FieldError[] {
  const details: FieldError[] = [];
  const roleOf = (key: string): RecipientRole | undefined => (key in recipients ? recipients[key]?.role ?? 'SIGNER' : undefined);
  for (const [key, recipient] of Object.entries(recipients)) {
    const path = `recipients.${key}.witness_of`;
    const role = recipient.role ?? 'SIGNER';
    if (!RECIPIENT_ROLES.includes(role)) continue;
    if (role !== 'WITNESS' && recipient.witness_of !== undefined) details.push({ field: path, message: 'only a WITNESS recipient names whose signature they witness' });
    if (role !== 'WITNESS') continue;
    if (recipient.witness_of === undefined) details.push({ field: path, message: 'is required for a WITNESS: the key of the signer they witness' });
    else if (roleOf(recipient.witness_of) !== 'SIGNER') details.push({ field: path, message: `must be the key of a SIGNER recipient of this envelope` });
  }
  for (const [index, placement] of Object.entries(placements ?? {})) {
    const role = roleOf(placement.recipient_key);
    const type = placement.type ?? 'SIGNATURE';
    if (role !== undefined && !roleMayFill(role, type)) {
      details.push({ field: `placements.${index}.type`, message: `a ${role} recipient cannot fill a ${type} placement` });
    }
  }
  return details;
}
