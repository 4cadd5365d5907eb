import { Amplify } from 'aws-amplify';
import { fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import type { RuntimeConfig } from './config';

/**
 * The one place that talks to Cognito through Amplify. Sign-in uses USER_PASSWORD_AUTH because
 * cognito-local (the local cloud) does not support SRP; the pool allows the flow in AWS too.
 */
export function configureAuth(config: RuntimeConfig): void {
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

/** The current access token (refreshed by Amplify when needed), or null when signed out. */
export async function getAccessToken(): Promise<string | null> {
  try {
    const session = await fetchAuthSession();
    return session.tokens?.accessToken?.toString() ?? null;
  } catch {
    return null;
  }
}

export async function cognitoSignIn(email: string, password: string): Promise<void> {
  // A stale Amplify session makes signIn throw UserAlreadyAuthenticatedException.
  if (await getAccessToken()) await cognitoSignOut();
  const result = await signIn({ username: email.trim().toLowerCase(), password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
  if (!result.isSignedIn) throw new Error(`Sign-in needs a further step (${result.nextStep.signInStep})`);
}

/** Clears Amplify's stored tokens; a failed token revocation must not keep the user signed in. */
export async function cognitoSignOut(): Promise<void> {
  try {
    await signOut();
  } catch {
    // cognito-local does not implement RevokeToken; the local tokens are cleared regardless.
  }
}
