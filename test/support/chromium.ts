import { systemBinary } from '../../functions/lib/system-binary.js';
import { inTurn } from './take-turns.js';

/**
 * The flags Chromium needs on these machines (no GPU, no sandbox, no calls home), and one that spends less CPU on
 * the tests' short-lived pages: JavaScript runs on V8's interpreter and baseline compiler only, without its two
 * optimising compilers (Maglev, TurboFan). A test page lives seconds, too short for optimised code to pay back its
 * compiling, which on 2 cores takes CPU from the cloud and the other files. Measured over four browser journeys
 * (statements, billing, smart links, release), three runs each, alternated: the pages' renderers used 58.9, 59.9
 * and 59.7 s of CPU with the defaults and 50.2, 50.5 and 53.5 s with this flag, while the journeys took no longer.
 * Where a page runs long scripts (axe-core on every page of the menu walk and the accessibility checks) it is
 * even: 80.0 s without the flag, 81.8 s with it, the machine a tenth slower in that run. Without the baseline
 * compiler too the journeys took 52.6 s; V8's lite mode 64.1 s; the GPU work in the browser process gained nothing.
 * What the pages do is the same in every tier.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--js-flags=--no-opt --no-maglev',
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
  // The package unpacks into the temp folder when the file is not there yet, writing it in place: a second worker
  // asking meanwhile finds the half-written file and fails to start it (ETXTBSY), so the workers ask in turn.
  return { path: await inTurn('chromium-unpack', () => packaged.executablePath()), source: 'package' };
}
