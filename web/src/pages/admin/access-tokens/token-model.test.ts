import { describe, expect, it } from 'vitest';
import { statusColour } from '../../../../../shared/status-colours';
import { ROUTE_BY_NAME } from '../../../app/route-table';
import {
  accessTokensPath,
  emptyToken,
  revokeAllBody,
  TOKEN_MESSAGES,
  tokenPayload,
  tokenStatus,
  tokenToValues,
  validateToken,
} from './token-model';
import type { AccessToken } from '../../../../../shared/schemas/support-views';

const token: AccessToken = {
  id: 't1',
  user_id: 'u1',
  service: 'Zapier',
  token: '…abcd',
  expires_at: '2030-05-06T00:00:00.000Z',
  expired: false,
  created_at: '2025-01-01T00:00:00Z',
};

describe('access token model', () => {
  it('lists all tokens, or one user’s, with the list parameters', () => {
    const params = { page: 2, per_page: 25, sort_field: 'created_at', sort_order: 'desc' as const, q: '' };
    expect(accessTokensPath(params)).toBe(
      '/admin/access_tokens?page=2&per_page=25&sort_field=created_at&sort_order=desc',
    );
    expect(accessTokensPath(params, 'u 1')).toBe(
      '/admin/access_tokens?page=2&per_page=25&sort_field=created_at&sort_order=desc&user_id=u+1',
    );
  });

  it('shows expired as a danger "expired" badge, else a success "active" one', () => {
    const expired = tokenStatus(true);
    const active = tokenStatus(false);
    expect(expired.text).toBe('expired');
    expect(statusColour(expired.word)).toBe('danger');
    expect(active.text).toBe('active');
    expect(statusColour(active.word)).toBe('success');
  });

  it('requires a user and a service to create, only the service to edit', () => {
    expect(validateToken(emptyToken(), true)).toEqual({ user_id: 'User is required', service: 'Service is required' });
    expect(validateToken({ ...emptyToken(), service: '  ' }, false)).toEqual({ service: 'Service is required' });
    expect(validateToken({ ...emptyToken({ id: 'u1', email: 'a@b.test' }), service: 'Zapier' }, true)).toEqual({});
    expect(
      validateToken(
        { ...emptyToken({ id: 'u1', email: 'a@b.test' }), service: 'Zapier', expires_at: '06/05/2030' },
        true,
      ),
    ).toHaveProperty('expires_at');
  });

  it('creates with user, service and an expiry only when chosen', () => {
    const values = { ...emptyToken({ id: 'u1', email: 'a@b.test' }), service: ' Zapier ' };
    expect(tokenPayload(values, true)).toEqual({ user_id: 'u1', service: 'Zapier' });
    expect(tokenPayload({ ...values, expires_at: '2030-05-06' }, true)).toEqual({
      user_id: 'u1',
      service: 'Zapier',
      expires_at: '2030-05-06',
    });
  });

  it('edits service and expiry, sending null to clear the expiry, never the user', () => {
    expect(tokenPayload({ ...tokenToValues(token), expires_at: '' }, false)).toEqual({
      service: 'Zapier',
      expires_at: null,
    });
    expect(tokenPayload(tokenToValues(token), false)).toEqual({ service: 'Zapier', expires_at: '2030-05-06' });
    expect(tokenToValues({ ...token, expires_at: null }).expires_at).toBe('');
  });

  it('revokes all tokens, or only the given user’s', () => {
    expect(revokeAllBody()).toEqual({});
    expect(revokeAllBody('u1')).toEqual({ user_id: 'u1' });
  });

  it('uses the product’s messages', () => {
    expect(TOKEN_MESSAGES).toEqual({
      added: 'Access Token Added',
      updated: 'Access Token Updated',
      deleted: 'Access Token Deleted',
      copied: 'Value Copied To Clipboard',
    });
  });

  it('wires the access token and user child routes to their pages', () => {
    expect(ROUTE_BY_NAME.get('AdminAccessTokens')).toMatchObject({
      path: '/admin/access_tokens',
      page: 'admin-access-tokens',
    });
    expect(ROUTE_BY_NAME.get('AdminNewAccessToken')).toMatchObject({
      path: '/admin/access_tokens/new',
      page: 'admin-access-token-form',
    });
    expect(ROUTE_BY_NAME.get('AdminAccessToken')).toMatchObject({
      path: '/admin/access_tokens/:accessTokenId',
      page: 'admin-access-token',
    });
    expect(ROUTE_BY_NAME.get('AdminEditAccessToken')).toMatchObject({
      path: '/admin/access_tokens/:accessTokenId/edit',
      page: 'admin-access-token-form',
    });
    expect(ROUTE_BY_NAME.get('UserAdminAccessTokens')).toMatchObject({
      path: '/admin/users/:userId/access_tokens',
      access: 'admin',
      page: 'admin-user-access-tokens',
    });
    expect(ROUTE_BY_NAME.get('UserAdminBugReports')).toMatchObject({
      path: '/admin/users/:userId/bug_reports',
      access: 'admin',
      page: 'admin-user-bug-reports',
    });
    expect(ROUTE_BY_NAME.get('UserAdminLogs')).toMatchObject({
      path: '/admin/users/:userId/logs',
      access: 'admin',
      page: 'admin-user-logs',
    });
    expect(ROUTE_BY_NAME.get('UserAdminSettings')).toMatchObject({
      path: '/admin/users/:userId/settings',
      page: 'admin-user-settings',
    });
    expect(ROUTE_BY_NAME.get('UserAdminImports')).toMatchObject({
      path: '/admin/users/:userId/imports',
      page: 'admin-user-imports',
    });
    expect(ROUTE_BY_NAME.get('UserAdminCompanies')).toMatchObject({
      path: '/admin/users/:userId/companies',
      page: 'admin-user-companies',
    });
    expect(ROUTE_BY_NAME.get('UserAdminNotices')).toMatchObject({
      path: '/admin/users/:userId/notices',
      page: 'admin-user-notices',
    });
  });
});
