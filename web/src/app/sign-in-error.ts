/**
 * What a failed sign-in says. Cognito (and cognito-local) answer an unknown e-mail and a wrong
 * password differently ("User not authorized" / "User does not exist" vs "Invalid password" /
 * "Incorrect username or password."), which would tell a stranger which e-mails have accounts:
 * both get one message.
 */
export const SIGN_IN_FAILED = 'Incorrect email or password';

/** Cognito's error names for "no such user" and "wrong password" (Amplify keeps them as `name`). */
const CREDENTIAL_ERRORS = new Set(['NotAuthorizedException', 'UserNotFoundException']);

/** The error a failed sign-in shows: one message for an unknown e-mail and a wrong password; others as they are. */
export function signInError(error: unknown): Error {
  const name = (error as { name?: unknown } | null)?.name;
  if (typeof name === 'string' && CREDENTIAL_ERRORS.has(name)) return new Error(SIGN_IN_FAILED);
  return error instanceof Error ? error : new Error(String(error));
}
