import { systemBinary } from '../../functions/lib/system-binary.js';

/** The flags Chromium needs on these machines (no GPU, no sandbox, no calls home). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Where the system's Chromium may be, best first. Debian's `chromium-headless-shell` (the headless-only build,
 * without the full browser's UI and GPU process) comes first: the journeys took about a fifth less CPU in it than
 * in the full `chromium`, whose `--headless` runs the whole browser. Bare names are looked up on the PATH first.
 */
const SYSTEM_CHROMIUM = [
  'chromium-headless-shell',
  'chromium',
  'chromium-browser',
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
];

/**
 * The Chromium the tests drive: the machine's own first (CHROMIUM_PATH, else Debian's headless shell or `chromium`),
 * else the headless build inside @sparticuz/chromium, unpacked to the temp folder on first use
 * (about 2 s), so `npm install && npm test` needs no apt step. A CHROMIUM_PATH that names nothing
 * skips the system build, which is how CI proves the fallback. Only our own flags are passed, not
 * the package's Lambda flags: those switch off web security and would hide CORS faults.
 */
export async function chromiumExecutable(
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ path: string; source: 'system' | 'package' }> {
  const system = systemBinary(env.CHROMIUM_PATH, SYSTEM_CHROMIUM, env.PATH);
  if (system) return { path: system, source: 'system' };
  const { default: packaged } = await import('@sparticuz/chromium');
  return { path: await packaged.executablePath(), source: 'package' };
}
