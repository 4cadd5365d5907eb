import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  UserNotFoundException,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { ENV } from '../../infra/resources.js';
import { cognitoClient, requireEnv } from '../lib/clients.js';

/**
 * The Cognito side of an account. Our API owns sign-up, invitations and resets (the product's
 * own links and mails); Cognito only holds the password and issues the tokens the SPA signs in
 * with. Users are created with MessageAction SUPPRESS so Cognito sends no mails of its own.
 */
export async function setPassword(email: string, password: string): Promise<{ sub: string }> {
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
  await client.send(
    new AdminSetUserPasswordCommand({ UserPoolId: pool, Username: email, Password: password, Permanent: true }),
  );
  if (!sub) {
    const existing = await client.send(new AdminGetUserCommand({ UserPoolId: pool, Username: email }));
    sub = existing.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  }
  if (!sub) throw new Error('Cognito returned no subject for the user');
  return { sub };
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
