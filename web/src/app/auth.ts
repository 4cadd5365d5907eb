import type { RuntimeConfig } from './config';

/**
 * The one place that talks to Cognito. Amplify (./amplify-auth) is imported only when it is
 * needed: when tokens are stored (a returning user), on sign-in, or when a page preloads it.
 */
type AmplifyAuth = typeof import('./amplify-auth');

let config: RuntimeConfig | null = null;
let loading: Promise<AmplifyAuth> | null = null;

function load(): Promise<AmplifyAuth> {
  if (!config) return Promise.reject(new Error('Sign-in is not configured yet'));
  const current = config;
  loading ??= import('./amplify-auth').then((module) => {
    module.configure(current);
    return module;
  });
  return loading;
}

export function configureAuth(next: RuntimeConfig): void {
  config = next;
}

/** Whether Amplify has tokens for this app client in localStorage (its default token store). */
function hasStoredTokens(): boolean {
  if (!config) return false;
  const prefix = `CognitoIdentityServiceProvider.${config.userPoolClientId}.`;
  try {
    for (let i = 0; i < localStorage.length; i += 1) if (localStorage.key(i)?.startsWith(prefix)) return true;
  } catch {
    return false;
  }
  return false;
}

/** Starts loading Amplify in the background (the sign-in page calls this so submitting is instant). */
export function preloadAuth(): void {
  void load().catch(() => undefined);
}

/** The current access token (refreshed by Amplify when needed), or null when signed out. */
export async function getAccessToken(): Promise<string | null> {
  if (!loading && !hasStoredTokens()) return null;
  return (await load()).accessToken();
}

export async function cognitoSignIn(email: string, password: string): Promise<void> {
  await (await load()).passwordSignIn(email, password);
}

/** Clears Amplify's stored tokens; a failed token revocation must not keep the user signed in. */
export async function cognitoSignOut(): Promise<void> {
  if (!loading && !hasStoredTokens()) return;
  await (await load()).clearSession();
}
