import { Amplify } from 'aws-amplify';
import { fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import type { RuntimeConfig } from './config';
import { signInError } from './sign-in-error';

/**
 * Amplify itself, loaded on demand by ./auth (it is a large part of the bundle and a
 * signed-out visitor does not need it until they sign in). Sign-in uses USER_PASSWORD_AUTH
 * because cognito-local does not support SRP; the pool allows the flow in AWS too.
 */
export function configure(config: RuntimeConfig): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: { email: true },
      },
    },
  });
}

/** @public auth.ts loads this module with a dynamic import (Amplify stays out of the first page's JS). */
export async function accessToken(): Promise<string | null> {
  try {
    const session = await fetchAuthSession();
    return session.tokens?.accessToken?.toString() ?? null;
  } catch {
    return null;
  }
}

/** @public see accessToken. */
export async function passwordSignIn(email: string, password: string): Promise<void> {
  // A stale Amplify session makes signIn throw UserAlreadyAuthenticatedException.
  if (await accessToken()) await clearSession();
  const username = email.trim().toLowerCase();
  const options = { authFlowType: 'USER_PASSWORD_AUTH' } as const;
  const result = await signIn({ username, password, options }).catch((error: unknown) => {
    throw signInError(error);
  });
  if (!result.isSignedIn) throw new Error(`Sign-in needs a further step (${result.nextStep.signInStep})`);
}

/** @public see accessToken. */
export async function clearSession(): Promise<void> {
  try {
    await signOut();
  } catch {
    // cognito-local does not implement RevokeToken; the local tokens are cleared regardless.
  }
}
