import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { EMULATOR_START_MS, startChild, stopChild, waitForPort } from './processes.js';

/**
 * cognito-local: a Cognito user pool emulator. USER_PASSWORD_AUTH works (SRP does not); its
 * tokens are RS256 with a JWKS at /{poolId}/.well-known/jwks.json. Its state lives in
 * `<dataDir>/.cognito`. It runs through cognito-server.cjs, which adds AdminUserGlobalSignOut.
 */
export async function startCognito(options: { port: number; dataDir: string; verbose?: boolean }) {
  mkdirSync(options.dataDir, { recursive: true });
  // The launcher sits beside this file; it requires cognito-local from the repo's node_modules.
  const bin = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cognito-server.cjs');
  const child = startChild(process.execPath, [bin], {
    cwd: options.dataDir,
    env: { ...process.env, PORT: String(options.port), HOST: '127.0.0.1' },
    name: 'cognito',
    verbose: options.verbose,
  });
  await waitForPort(options.port, 'cognito-local', EMULATOR_START_MS, child);
  return { endpoint: `http://127.0.0.1:${options.port}`, stop: () => stopChild(child) };
}
