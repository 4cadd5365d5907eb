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

/**
 * 404 naming a record kind: `new NotFound('Statement run')` → "Statement run not found". A 404 that says
 * something else in a whole sentence says so: `NotFound.saying('This link is invalid or has expired')`.
 */
export class NotFound extends HttpError {
  constructor(kind = 'Record') {
    super(404, `${kind} not found`);
  }

  /** A 404 whose message is the sentence as it is. */
  static saying(sentence: string): NotFound {
    const error = new NotFound();
    error.message = sentence;
    return error;
  }
}

/** 402: the company's plan does not include what was asked, or the write would pass one of its limits (shared/plans.ts). */
export class PaymentRequired extends HttpError {
  constructor(message: string, errors?: FieldErrors) {
    super(402, message, errors);
  }
}

export class Conflict extends HttpError {
  constructor(message: string, errors?: FieldErrors) {
    super(409, message, errors);
  }
}

/** 410: what the address named existed and is no more (a secure link used, expired or withdrawn). */
export class Gone extends HttpError {
  constructor(message: string) {
    super(410, message);
  }
}

export class PayloadTooLarge extends HttpError {
  constructor(limit: number) {
    super(413, `Request body is larger than ${limit} bytes`);
  }
}

/** What a request that lost a race with another change to the same record answers (409). */
export const LOST_RACE_MESSAGE = 'The record was changed by someone else; reload and try again';

/**
 * The names of the AWS SDK errors behind an error: its own, and that of its `cause` (ElectroDB
 * throws an ElectroError with the SDK's error as `cause`; a bare SDK call throws it directly).
 */
function sdkErrorNames(error: unknown): string[] {
  if (typeof error !== 'object' || error === null) return [];
  const cause = (error as { cause?: unknown }).cause;
  const nameOf = (value: unknown) =>
    typeof value === 'object' && value !== null ? (value as { name?: unknown }).name : undefined;
  return [nameOf(error), nameOf(cause)].filter((name): name is string => typeof name === 'string');
}

/** Whether a DynamoDB write was refused by its condition (the item changed or went since it was read). */
export const isConditionFailed = (error: unknown): boolean =>
  sdkErrorNames(error).includes('ConditionalCheckFailedException');

/** Runs a conditional write: whether it was made (false where its condition refused it; other errors throw). */
export async function writtenUnlessConditionFailed(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/**
 * Whether a write lost a race with another request: its condition failed, or its transaction was
 * cancelled (a condition inside it failed, or another transaction held the same item).
 */
export const isLostRace = (error: unknown): boolean => sdkErrorNames(error).some((name) => LOST_RACE_ERRORS.has(name));

const LOST_RACE_ERRORS = new Set(['ConditionalCheckFailedException', 'TransactionCanceledException']);
