'use strict';
/**
 * Two costs of cognito-local that grow with a long-lived pool (a day of `npm start`, or the test suite, which makes
 * hundreds of users and signs the demo users in hundreds of times), cut without changing what it stores or answers.
 * Required by cognito-server.cjs before cognito-local makes a user pool; test/unit/cognito-local-speed.test.ts
 * checks both.
 */
const { createPrivateKey } = require('node:crypto');
const { createRequire } = require('node:module');

/** cognito-local's own copies of the libraries it stores users and signs tokens with. */
const fromCognitoLocal = createRequire(require.resolve('cognito-local/lib/services/dataStore/stormDb.js'));

/**
 * cognito-local writes a user pool's whole file again on every change (a sign-up, a confirmation, every sign-in,
 * which adds a refresh token), through a JSON replacer called for every value in the pool, so each write costs more
 * as the pool grows (1,000 users, each with a sign-in's refresh token: 1.8 MB), most of it in that replacer. The
 * replacer only turns dates into ISO text, which JSON.stringify does by itself (a Date's toJSON): the same values,
 * written without it and without indentation (cognito-local reads the file back with JSON.parse either way). Over 1,000
 * users each signed up, confirmed and signed in, beside one user signed in 1,000 times, cognito-local's CPU went
 * from 91 to 63 s (33 to 23 ms an operation at the end, the rest is the file's size and the tokens' RSA signatures).
 */
const StormDB = fromCognitoLocal('stormdb');
const FileEngine = StormDB.localFileEngine;
StormDB.localFileEngine = class extends FileEngine {
  constructor(file, options = {}) {
    super(file, { ...options, serialize: (state) => JSON.stringify(state) });
  }
};

/**
 * Each token is signed with the emulator's private key given as PEM text, which jsonwebtoken parses again for every
 * token (three a sign-in): the parsed key is kept instead.
 */
const jwt = fromCognitoLocal('jsonwebtoken');
const signWithText = jwt.sign;
const parsedKeys = new Map();
jwt.sign = (payload, key, ...rest) => {
  if (typeof key !== 'string' || !key.includes('PRIVATE KEY')) return signWithText(payload, key, ...rest);
  if (!parsedKeys.has(key)) parsedKeys.set(key, createPrivateKey(key));
  return signWithText(payload, parsedKeys.get(key), ...rest);
};
