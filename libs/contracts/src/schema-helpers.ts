import { Type, type SchemaOptions, type TNull, type TSchema, type TString, type TUnion, type TUnsafe } from '@sinclair/typebox';

/**
 * The API shows an absent value as null rather than leaving the field out. `options` describe the
 * property as a whole (a description given to `schema` would describe only its non-null branch).
 */
export const Nullable = <T extends TSchema>(schema: T, options?: SchemaOptions): TUnion<[T, TNull]> => Type.Union([schema, Type.Null()], options);

/** Timestamps are ISO 8601 with a UTC offset, which ajv-formats' date-time insists on. */
export const DateTime = (options?: SchemaOptions): TString => Type.String({ ...options, format: 'date-time' });

/**
 * A closed set of values as one JSON-schema `enum` rather than a union of literals, so a wrong value
 * yields a single error that lists the choices.
 */
export const LiteralUnion = <const T extends readonly (string | number)[]>(values: T, options?: SchemaOptions): TUnsafe<T[number]> =>
  Type.Unsafe<T[number]>({ ...options, enum: [...values] });

/**
 * The pattern of free text of 1 to `max` characters once surrounding whitespace is trimmed (JavaScript's
 * `trim` and `\s` agree on what that is): a reason, a typed signature. Whitespace alone is empty.
 */
export const trimmedTextPattern = (max: number): string => `^\\s*\\S([\\s\\S]{0,${max - 2}}\\S)?\\s*$`;
