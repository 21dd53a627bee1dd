import { Kind, type Static, type TSchema } from '@sinclair/typebox';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { SignetEventSchema } from './event';
import { EVENT_DATA_SCHEMAS, type SignetEvent } from './event-schemas';
import { EVENT_TYPES, type EventType } from './event-types';
import { toFieldErrors, type FieldError } from './field-errors';
import { unstorableInput } from './input-limits';
import { privateAddressOf, PUBLIC_ADDRESS_KEYWORD } from './public-address';

export type ValidationResult<T> = { valid: true; value: T } | { valid: false; details: FieldError[] };

// verbose: toFieldErrors reads each failing schema's errorMessage. strict off: errorMessage is not an ajv keyword.
const ajv = new Ajv({ allErrors: true, strict: false, verbose: true });
addFormats(ajv);
const publicAddress = Object.assign(
  (wanted: boolean, data: unknown): boolean => {
    const refusal = wanted && typeof data === 'string' ? privateAddressOf(data) : null;
    publicAddress.errors = refusal === null ? [] : [{ keyword: PUBLIC_ADDRESS_KEYWORD, message: `must not point at ${refusal}`, params: {} }];
    return refusal === null;
  },
  { errors: [] as Array<Partial<ErrorObject>> }
);
ajv.addKeyword({ keyword: PUBLIC_ADDRESS_KEYWORD, schemaType: 'boolean', errors: true, validate: publicAddress });

const validators = new WeakMap<TSchema, ValidateFunction>();

function validatorFor(schema: TSchema): ValidateFunction {
  let validator = validators.get(schema);
  if (validator === undefined) {
    validator = ajv.compile(schema);
    validators.set(schema, validator);
  }
  return validator;
}

/**
 * Checks a value against a contract schema; on success `value` is the same value, typed. Whatever the
 * schema, a value nesting deeper than any request means, or holding text PostgreSQL cannot store, fails
 * first, before the schema is applied.
 */
export function validateSchema<T extends TSchema>(schema: T, value: unknown): ValidationResult<Static<T>> {
  const unstorable = unstorableInput(value);
  if (unstorable.length > 0) return { valid: false, details: unstorable };
  const validator = validatorFor(schema);
  if (validator(value)) return { valid: true, value: value as Static<T> };
  return { valid: false, details: toFieldErrors(validator.errors ?? []) };
}

// One schema object per event type, so the compiled validator cache above is hit.
const eventSchemas = new Map<EventType, TSchema>();

function eventSchemaFor(eventType: EventType): TSchema {
  let schema = eventSchemas.get(eventType);
  if (schema === undefined) {
    schema = SignetEventSchema(eventType, EVENT_DATA_SCHEMAS[eventType]);
    eventSchemas.set(eventType, schema);
  }
  return schema;
}

/** Checks a whole event: the `{id, event_type, data}` shape, that event_type is `eventType`, and its data. */
export function validateEvent<T extends EventType>(eventType: T, event: unknown): ValidationResult<SignetEvent<T>> {
  return validateSchema(eventSchemaFor(eventType), event) as ValidationResult<SignetEvent<T>>;
}

function isSchema(value: unknown): value is TSchema {
  return typeof value === 'object' && value !== null && Kind in value;
}

/**
 * Compiles the validators of every event and of every schema among `exported` (a module's exports) now,
 * so the first requests after a start do not pay for ajv's compilation.
 */
export function compileValidators(exported: Record<string, unknown>): void {
  for (const eventType of EVENT_TYPES) validatorFor(eventSchemaFor(eventType));
  for (const value of Object.values(exported)) if (isSchema(value)) validatorFor(value);
}
