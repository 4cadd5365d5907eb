import type { APIGatewayRequestAuthorizerEventV2, APIGatewaySimpleAuthorizerWithContextResult } from 'aws-lambda';
import { ENV } from '../../infra/resources.js';
import { looksLikeApiToken } from '../../shared/api-token-scope.js';
import { createJwtCheck } from '../lib/jwt.js';

/** What the authorizer hands the handler: a sign-in's claims, each a plain value (API Gateway passes no nesting). */
export type AuthorizerContext = Record<string, string | number | boolean>;

/** The HTTP API's "simple" answer: let the call through or not, and for a sign-in its claims. */
export type AuthorizerVerdict = APIGatewaySimpleAuthorizerWithContextResult<AuthorizerContext>;

const REFUSED: AuthorizerVerdict = { isAuthorized: false, context: {} };

/**
 * A claim as the handler reads it: strings, numbers and booleans as they are, anything else (Cognito's
 * group list) as its JSON text, as API Gateway's JWT authorizer also flattens them.
 */
function flatClaims(claims: Record<string, unknown>): AuthorizerContext {
  const flat: AuthorizerContext = {};
  for (const [name, value] of Object.entries(claims)) {
    if (value === undefined || value === null) continue;
    flat[name] =
      typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? value
        : JSON.stringify(value);
  }
  return flat;
}

/**
 * The one decision in front of every signed-in route, in AWS (the HTTP API's Lambda REQUEST authorizer) and in
 * the local gateway alike:
 * - a Cognito JWT is verified as the JWT authorizer did (issuer, app client, expiry, signature) and its claims
 *   go to the handler;
 * - a company API token (`lpt_…`) is let through untouched: the handler checks it on every call (its hash, company,
 *   scope, revocation and expiry) beside the route's permission and the company's plan, so there is one check and
 *   a revoked token stops on its next call (API Gateway's result cache is off for the same reason);
 * - anything else, or no `Authorization: Bearer …` at all, is refused (401).
 */
export function createRequestAuthorizer(verifyJwt: (token: string) => Promise<Record<string, unknown> | null>) {
  return async (authorization: string | undefined): Promise<AuthorizerVerdict> => {
    const token = /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1];
    if (!token) return REFUSED;
    if (looksLikeApiToken(token)) return { isAuthorized: true, context: {} };
    const claims = await verifyJwt(token);
    return claims ? { isAuthorized: true, context: flatClaims(claims) } : REFUSED;
  };
}

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Environment variable ${name} is not set`);
  return value;
}

let decide: ReturnType<typeof createRequestAuthorizer> | undefined;

/** The Lambda API Gateway calls before a signed-in route's handler (payload 2.0, simple responses). */
export async function handler(event: APIGatewayRequestAuthorizerEventV2): Promise<AuthorizerVerdict> {
  decide ??= createRequestAuthorizer(
    createJwtCheck({ issuer: requiredEnv(ENV.jwtIssuer), clientId: requiredEnv(ENV.userPoolClientId) }),
  );
  // HTTP APIs hand headers over in lower case.
  return decide(event.headers?.authorization);
}
