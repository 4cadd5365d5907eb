import { describe, expect, it } from 'vitest';
import { SIGN_IN_FAILED, signInError } from './sign-in-error';

const cognitoError = (name: string, message: string) => Object.assign(new Error(message), { name });

describe('sign-in failures', () => {
  it('say the same for an unknown e-mail and a wrong password, so they do not reveal which e-mails have accounts', () => {
    const unknown = signInError(cognitoError('NotAuthorizedException', 'User not authorized'));
    const wrong = signInError(cognitoError('NotAuthorizedException', 'Invalid password'));
    const missing = signInError(cognitoError('UserNotFoundException', 'User does not exist.'));
    expect(unknown.message).toBe(SIGN_IN_FAILED);
    expect(wrong.message).toBe(unknown.message);
    expect(missing.message).toBe(unknown.message);
  });

  it('say the same for a disabled, unconfirmed or reset account as for a wrong password', () => {
    for (const [name, message] of [
      ['NotAuthorizedException', 'User is disabled.'],
      ['NotAuthorizedException', 'Password attempts exceeded'],
      ['UserNotConfirmedException', 'User is not confirmed.'],
      ['PasswordResetRequiredException', 'Password reset required for the user'],
    ])
      expect(signInError(cognitoError(name, message)).message).toBe(SIGN_IN_FAILED);
  });

  it('leave other failures as they are', () => {
    const offline = new TypeError('Failed to fetch');
    expect(signInError(offline)).toBe(offline);
    expect(signInError('text').message).toBe('text');
  });
});
