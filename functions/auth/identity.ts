import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  UserNotFoundException,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { ENV } from '../../infra/resources.js';
import { cognitoClient, requireEnv } from '../lib/clients.js';

/**
 * The Cognito side of an account. Our API owns sign-up, invitations and resets (the product's
 * own links and mails); Cognito only holds the password and issues the tokens the SPA signs in
 * with. Users are created with MessageAction SUPPRESS so Cognito sends no mails of its own.
 *
 * Whoever sets a password ends every session the account had: a refresh token issued before a
 * reset (say on a stolen laptop, the reason for the reset) no longer gets new access tokens.
 * Access tokens already issued still work until they expire: the API's JWT check cannot revoke them.
 */
/**
 * The Cognito user of an e-mail, made (without a password anyone knows) if it does not exist yet; answers its
 * subject. Callers record the account in DynamoDB, consuming their one-time token there, before they set the
 * password: a request that loses that race has then changed nothing anyone can sign in with.
 */
export async function ensureLogin(email: string): Promise<{ sub: string }> {
  const pool = requireEnv(ENV.userPoolId);
  const client = cognitoClient();
  let sub: string | undefined;
  try {
    const created = await client.send(
      new AdminCreateUserCommand({
        UserPoolId: pool,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
  } catch (error) {
    if (!(error instanceof UsernameExistsException) && (error as { name?: string }).name !== 'UsernameExistsException')
      throw error;
  }
  if (!sub) {
    const existing = await client.send(new AdminGetUserCommand({ UserPoolId: pool, Username: email }));
    sub = existing.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  }
  if (!sub) throw new Error('Cognito returned no subject for the user');
  return { sub };
}

/** Sets an existing Cognito user's permanent password, then ends every session the account had. */
export async function setPassword(email: string, password: string): Promise<void> {
  const pool = requireEnv(ENV.userPoolId);
  const client = cognitoClient();
  await client.send(
    new AdminSetUserPasswordCommand({ UserPoolId: pool, Username: email, Password: password, Permanent: true }),
  );
  await client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: pool, Username: email }));
}

/** Removes the Cognito user (and so every session) of an e-mail; returns its subject if it had one. */
export async function deleteLogin(email: string): Promise<string | undefined> {
  const pool = requireEnv(ENV.userPoolId);
  try {
    const existing = await cognitoClient().send(new AdminGetUserCommand({ UserPoolId: pool, Username: email }));
    await cognitoClient().send(new AdminDeleteUserCommand({ UserPoolId: pool, Username: email }));
    return existing.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  } catch (error) {
    if (error instanceof UserNotFoundException || (error as { name?: string }).name === 'UserNotFoundException')
      return undefined;
    throw error;
  }
}
