import type { ErrorObject } from 'ajv';

/** One problem with one field; `field` is a dotted path such as `localization.es.emails.email_validation.subject`, empty for the value itself. */
export interface FieldError {
  field: string;
  message: string;
  /** Where a program may act on the kind of problem: FIELD_PROBLEM_CODES. */
  code?: FieldProblemCode;
}

/**
 * VALUE_TOO_LONG: a field's value cannot be drawn whole in its box on the document, even at the smallest
 * size; BOX_TOO_SMALL: a placement's box cannot hold what its field may be given.
 */
export const FIELD_PROBLEM_CODES = ['VALUE_TOO_LONG', 'BOX_TOO_SMALL'] as const;
export type FieldProblemCode = (typeof FIELD_PROBLEM_CODES)[number];

/**
 * A schema may carry `errorMessage`, read as ajv-errors reads it: a string replaces the message of every
 * error the schema raises, an object replaces it per keyword, and `required` may be an object keyed by
 * property. An error given such a message stands for the errors raised beneath its keyword (a union's
 * branches), which are dropped.
 */
interface Annotated {
  errorMessage?: string | Partial<Record<string, string | Partial<Record<string, string>>>>;
}

function customMessage(error: ErrorObject): string | undefined {
  const annotation = (error.parentSchema as Annotated | undefined)?.errorMessage;
  if (typeof annotation === 'string') return annotation;
  const message = annotation?.[error.keyword];
  if (typeof message === 'object') return error.keyword === 'required' ? message[String(error.params.missingProperty)] : undefined;
  return message;
}

function isBeneath(inner: ErrorObject, outer: ErrorObject): boolean {
  return (
    inner !== outer &&
    inner.schemaPath.startsWith(`${outer.schemaPath}/`) &&
    (inner.instancePath === outer.instancePath || inner.instancePath.startsWith(`${outer.instancePath}/`))
  );
}

function fieldOf(error: ErrorObject): string {
  const segments = error.instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') segments.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') segments.push(String(error.params.additionalProperty));
  return segments.join('.');
}

function defaultMessage(error: ErrorObject): string {
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not allowed';
    case 'enum':
      return `must be one of: ${(error.params.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'const':
      return `must be ${String(error.params.allowedValue)}`;
    case 'format':
      return `must be a valid ${String(error.params.format)}`;
    default:
      return error.message ?? 'is invalid';
  }
}

/** Turns ajv's errors into one readable error per problem, named by field path. */
export function toFieldErrors(errors: readonly ErrorObject[]): FieldError[] {
  const messages = new Map<ErrorObject, string>();
  // An `if` error only says its `then` or `else` failed; that branch's own errors say how, and are kept.
  let kept = errors.filter((error) => error.keyword !== 'if');

  for (const error of errors) {
    const message = customMessage(error);
    if (message === undefined || !kept.includes(error)) continue;
    messages.set(error, message);
    kept = kept.filter((other) => !isBeneath(other, error));
  }

  // A union without its own message (typically Nullable): the branches whose type the value does not
  // have are noise; if no branch had the right type, say which types would do.
  for (const error of errors) {
    if (error.keyword !== 'anyOf' || messages.has(error) || !kept.includes(error)) continue;
    const branchErrors = kept.filter((other) => isBeneath(other, error));
    const wrongType = branchErrors.filter((other) => other.keyword === 'type' && other.instancePath === error.instancePath);
    if (wrongType.length < branchErrors.length) {
      kept = kept.filter((other) => other !== error && !wrongType.includes(other));
    } else {
      messages.set(error, `must be ${wrongType.map((other) => String(other.params.type)).join(' or ')}`);
      kept = kept.filter((other) => !branchErrors.includes(other));
    }
  }

  const seen = new Set<string>();
  const fieldErrors: FieldError[] = [];
  for (const error of kept) {
    const fieldError = { field: fieldOf(error), message: messages.get(error) ?? defaultMessage(error) };
    const key = JSON.stringify(fieldError);
    if (seen.has(key)) continue;
    seen.add(key);
    fieldErrors.push(fieldError);
  }
  return fieldErrors;
}
