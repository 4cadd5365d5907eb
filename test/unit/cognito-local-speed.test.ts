import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * infra/local/cognito-local-speed.cjs replaces how cognito-local writes its user pools and signs its tokens. Each
 * check runs in a Node process of its own (the patches change modules process-wide), once as cognito-local is and
 * once patched, and compares what comes out.
 */
const root = path.resolve(import.meta.dirname, '../..');
const speed = path.join(root, 'infra/local/cognito-local-speed.cjs');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Runs `script` (CommonJS, with `fromCognitoLocal` and `patch()` defined) and parses what it prints. */
function run(script: string): any {
  const prelude = `
    const { createRequire } = require('node:module');
    const fromCognitoLocal = createRequire(require.resolve('cognito-local/lib/services/dataStore/stormDb.js'));
    const patch = () => require(${JSON.stringify(speed)});
  `;
  return JSON.parse(execFileSync(process.execPath, ['-e', prelude + script], { cwd: root, encoding: 'utf8' }));
}

/** Writes a user with dates through cognito-local's store, reads it back with a fresh store; prints both. */
const storeRoundTrip = (dir: string, patched: boolean) => `
  const cognitoEngine = fromCognitoLocal('stormdb').localFileEngine;
  ${patched ? 'patch();' : ''}
  const { readFileSync } = require('node:fs');
  const { StormDBDataStoreFactory } = fromCognitoLocal('./stormDb.js');
  const ctx = { logger: { debug() {} } };
  (async () => {
    const store = await new StormDBDataStoreFactory(${JSON.stringify(dir)}).create(ctx, 'pool', { Users: {} });
    const user = { Username: 'ann', UserCreateDate: new Date('2026-12-02T10:11:12.345Z'), RefreshTokens: ['t1'] };
    await store.set(ctx, ['Users', 'ann'], user);
    const again = await new StormDBDataStoreFactory(${JSON.stringify(dir)}).create(ctx, 'pool', { Users: {} });
    const read = await again.get(ctx, ['Users', 'ann']);
    process.stdout.write(JSON.stringify({
      stored: JSON.parse(readFileSync(${JSON.stringify(path.join(dir, 'pool.json'))}, 'utf8')),
      engineReplaced: fromCognitoLocal('stormdb').localFileEngine !== cognitoEngine,
      readBackIsDate: read.UserCreateDate instanceof Date,
      readBack: read,
    }));
  })();
`;

describe("cognito-local's speed patches", () => {
  it('store a user pool as cognito-local does: dates as ISO text, read back as dates', () => {
    const [plainDir, patchedDir] = [0, 1].map(() => mkdtempSync(path.join(os.tmpdir(), 'cognito-speed-')));
    dirs.push(plainDir, patchedDir);
    const plain = run(storeRoundTrip(plainDir, false));
    const patched = run(storeRoundTrip(patchedDir, true));
    expect([plain.engineReplaced, patched.engineReplaced]).toEqual([false, true]);
    expect(patched.stored.Users.ann.UserCreateDate).toBe('2026-12-02T10:11:12.345Z');
    expect(patched.stored).toEqual(plain.stored);
    expect(patched.readBackIsDate).toBe(true);
    expect(patched.readBack).toEqual(plain.readBack);
  });

  it('sign tokens byte for byte as jsonwebtoken does with the key as text, and use the kept key', () => {
    const signed = run(`
      const jwt = fromCognitoLocal('jsonwebtoken');
      const asText = jwt.sign;
      const { pem } = fromCognitoLocal('../../keys/cognitoLocal.private.json');
      const options = { algorithm: 'RS256', issuer: 'http://localhost/pool', expiresIn: '24h', keyid: 'CognitoLocal' };
      const claims = { sub: 'ann', token_use: 'access', iat: 1796000000 };
      patch();
      process.stdout.write(JSON.stringify({
        replaced: jwt.sign !== asText,
        before: asText(claims, pem, options),
        after: jwt.sign(claims, pem, options),
      }));
    `);
    expect(signed.replaced).toBe(true);
    expect(signed.after.split('.')).toHaveLength(3);
    expect(signed.after).toBe(signed.before);
  });
});
