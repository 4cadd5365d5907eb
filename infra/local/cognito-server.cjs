'use strict';
/**
 * cognito-local with the one admin call it lacks and the product needs: AdminUserGlobalSignOut. The API signs a
 * user out everywhere after setting their password, so a refresh token issued before a reset must stop minting
 * access tokens, as it does in AWS. cognito-local keeps each user's refresh tokens on the user record (its
 * REFRESH_TOKEN_AUTH flow looks the token up there), so emptying that list revokes them all. Tokens issued
 * afterwards work as usual.
 */
const { Targets } = require('cognito-local/lib/targets/targets');
const { UserNotFoundError } = require('cognito-local/lib/errors');
// Before cognito-local makes its first user pool: its writes and token signing, made cheaper (why there).
require('./cognito-local-speed.cjs');

Targets.AdminUserGlobalSignOut =
  ({ cognito, clock }) =>
  async (ctx, req) => {
    const userPool = await cognito.getUserPool(ctx, req.UserPoolId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    if (!user) throw new UserNotFoundError();
    await userPool.saveUser(ctx, { ...user, RefreshTokens: [], UserLastModifiedDate: clock.get() });
    return {};
  };

// Started by the local cloud, stdin is a pipe the cloud never writes to: its end means the cloud is gone (even
// killed with SIGKILL), and this server goes too instead of holding its port against the next start.
if (process.env.LOCAL_CLOUD_LIFELINE === 'stdin') {
  process.stdin.on('end', () => process.exit(0));
  process.stdin.on('error', () => process.exit(0));
  process.stdin.resume();
}

require('cognito-local/lib/bin/start.js');
