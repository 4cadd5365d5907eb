import { configureAuth } from './auth';
import { loadConfig } from './config';
import { restoreSession } from './session';

/** Start-up: runtime config → Amplify → restore (or expire) the stored session. */
export async function boot(): Promise<void> {
  const config = await loadConfig();
  configureAuth(config);
  await restoreSession();
}
