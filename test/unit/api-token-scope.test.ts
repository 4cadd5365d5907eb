import { describe, expect, it } from 'vitest';
import { apiTokenLive, bearerApiToken } from '../../functions/lib/api-token-auth.js';
import { looksLikeApiToken, scopePermits, scopeRefusal, scopeWords } from '../../shared/api-token-scope.js';
import { PERMISSIONS } from '../../shared/permissions.js';

describe('a company API token’s scope', () => {
  it('a read-only token reads its areas and changes nothing; no token manages the company', () => {
    const readOnly = { access: 'read', areas: ['catalogue', 'money'] } as const;
    expect(PERMISSIONS.filter((permission) => scopePermits(readOnly, permission))).toEqual([
      'catalogue.read',
      'money.read',
    ]);
    const everything = { access: 'write', areas: ['catalogue', 'delivery', 'promotion', 'money'] } as const;
    expect(PERMISSIONS.filter((permission) => !scopePermits(everything, permission))).toEqual(['company.manage']);
  });

  it('names the scope in its refusal, areas in the order the token page lists them', () => {
    const scope = { access: 'read', areas: ['money', 'catalogue'] } as const;
    expect(scopeWords(scope)).toBe('Read only: Catalogue, Royalties, statements and payments');
    expect(scopeRefusal(scope, 'catalogue.write')).toBe(
      'This API token’s scope (Read only: Catalogue, Royalties, statements and payments) does not allow you to change the catalogue',
    );
  });

  it('works through the last day of its expiry (UTC) and never once revoked', () => {
    const at = (iso: string) => new Date(iso);
    expect(apiTokenLive({ revoked: false, expiresOn: '2026-03-31' }, at('2026-03-31T23:59:59Z'))).toBe(true);
    expect(apiTokenLive({ revoked: false, expiresOn: '2026-03-31' }, at('2026-04-01T00:00:00Z'))).toBe(false);
    expect(apiTokenLive({ revoked: true, expiresOn: '2026-03-31' }, at('2026-03-01T00:00:00Z'))).toBe(false);
  });

  it('is told from a sign-in’s JWT by its prefix alone', () => {
    expect(bearerApiToken('Bearer lpt_abc')).toBe('lpt_abc');
    expect(bearerApiToken('bearer lpt_abc')).toBe('lpt_abc');
    expect(bearerApiToken('Bearer eyJhbGciOiJSUzI1NiJ9.e30.c2ln')).toBeUndefined();
    expect(bearerApiToken(undefined)).toBeUndefined();
    expect(looksLikeApiToken(`lpt_${'x'.repeat(200)}`)).toBe(false);
  });
});
