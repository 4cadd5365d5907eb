import { MESSAGES } from '../../shared/messages.js';

export type FieldErrors = Record<string, string[]>;

/** An error that maps to an HTTP answer `{ message, errors? }`; everything else is a 500. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
  }
}

export class BadRequest extends HttpError {
  constructor(message: string, errors?: FieldErrors) {
    super(400, message, errors);
  }
}

/** Bad input that names its field: `{ message, errors: { field: [text] } }`. */
export class InvalidField extends BadRequest {
  constructor(field: string, text: string) {
    super(text, { [field]: [text] });
  }
}

export class Unauthorized extends HttpError {
  constructor(message: string = MESSAGES.mustBeLoggedIn) {
    super(401, message);
  }
}

export class Forbidden extends HttpError {
  constructor(message: string = MESSAGES.noAccessHere) {
    super(403, message);
  }
}

/** 404; `what` is a record kind ("Label") or, with a space, a whole message. */
export class NotFound extends HttpError {
  constructor(what = 'Record') {
    super(404, what.includes(' ') ? what : `${what} not found`);
  }
}

export class Conflict extends HttpError {
  constructor(message: string, errors?: FieldErrors) {
    super(409, message, errors);
  }
}

export class PayloadTooLarge extends HttpError {
  constructor(limit: number) {
    super(413, `Request body is larger than ${limit} bytes`);
  }
}

/** Whether a DynamoDB write was refused by its condition (ElectroDB wraps the SDK's error as `cause`). */
export const isConditionFailed = (error: unknown) => (error as { cause?: { name?: string } } | undefined)?.cause?.name === 'ConditionalCheckFailedException';
