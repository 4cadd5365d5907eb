/**
 * What a failed sign-in says. Cognito (and cognito-local) answer an unknown e-mail and a wrong
 * password differently ("User not authorized" / "User does not exist" vs "Invalid password" /
 * "Incorrect username or password."), which would tell a stranger which e-mails have accounts:
 * both get one message.
 */
export const SIGN_IN_FAILED = 'Incorrect email or password';

/**
 * Cognito's error names that depend on the account behind the e-mail (Amplify keeps them as `name`): no such
 * user, wrong password, and (under NotAuthorizedException too) a disabled user or too many attempts; an
 * unconfirmed account or one whose password must be reset are named apart. Each would tell a stranger that
 * the e-mail has an account, so all of them get the one message.
 */
const CREDENTIAL_ERRORS = new Set([
  'NotAuthorizedException',
  'UserNotFoundException',
  'UserNotConfirmedException',
  'PasswordResetRequiredException',
]);

/** The error a failed sign-in shows: one message whatever the account behind the e-mail; others (offline …) as they are. */
export function signInError(error: unknown): Error {
  const name = (error as { name?: unknown } | null)?.name;
  if (typeof name === 'string' && CREDENTIAL_ERRORS.has(name)) return new Error(SIGN_IN_FAILED);
  return error instanceof Error ? error : new Error(String(error));
}
