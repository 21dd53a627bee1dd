import { ERROR_CODES, ErrorCode } from './error-codes';

export interface FieldError {
  field: string;
  message: string;
}

/** The one error type of Signet: a code from ERROR_CODES, a message for people, optional field details. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldError[],
    readonly headers: Record<string, string> = {}
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_CODES[code].status;
  }
}

export function validationError(details: FieldError[], message = 'Invalid input'): AppError {
  return new AppError('VALIDATION_FAILED', message, details);
}

export function notFound(what: string): AppError {
  return new AppError('NOT_FOUND', `${what} not found`);
}
