import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages';
import { checkRoute, type GuardInput } from './guards';

const base: GuardInput = {
  access: 'user',
  loggedIn: true,
  role: 'label_manager',
  hasCompany: true,
  path: '/user/labels?q=a',
};

describe('checkRoute', () => {
  it('lets anyone open public routes', () => {
    expect(checkRoute({ ...base, access: 'public', loggedIn: false, role: null })).toEqual({ action: 'allow' });
  });

  it('requiresLogin: sends a signed-out user to /signin with the intended path', () => {
    expect(checkRoute({ ...base, loggedIn: false, role: null })).toEqual({
      action: 'redirect',
      to: '/signin?redirect=%2Fuser%2Flabels%3Fq%3Da',
      message: MESSAGES.mustBeLoggedIn,
      unload: true,
    });
    expect(checkRoute({ ...base, access: 'admin', loggedIn: false, role: null })).toMatchObject({
      action: 'redirect',
      message: MESSAGES.mustBeLoggedIn,
    });
  });

  it('requiresAdmin: denies non-admins with the product’s message, allows admins', () => {
    expect(checkRoute({ ...base, access: 'admin' })).toEqual({ action: 'deny', message: MESSAGES.mustBeAdmin });
    expect(checkRoute({ ...base, access: 'admin', role: 'user' })).toEqual({
      action: 'deny',
      message: MESSAGES.mustBeAdmin,
    });
    expect(checkRoute({ ...base, access: 'admin', role: 'admin', hasCompany: false })).toEqual({ action: 'allow' });
  });

  it('requiresArtistUser: others go to their own dashboard with "Your Account does not have access here"', () => {
    // Not home: the home page shows no notices, so the message would be lost there.
    expect(checkRoute({ ...base, access: 'artist_user' })).toEqual({
      action: 'redirect',
      to: '/user',
      message: MESSAGES.noAccessHere,
    });
    expect(checkRoute({ ...base, access: 'artist_user', role: 'admin' })).toMatchObject({
      action: 'redirect',
      to: '/user',
    });
    expect(checkRoute({ ...base, access: 'artist_user', role: 'artist_user' })).toEqual({ action: 'allow' });
  });

  it('an artist user on a label’s page goes to their own dashboard, with no company form and no error', () => {
    const artist = { ...base, role: 'artist_user', hasCompany: false };
    for (const path of ['/user/releases', '/user/royalties?page=2'])
      expect(checkRoute({ ...artist, tenantized: true, path })).toEqual({
        action: 'redirect',
        to: '/artist_dashboard',
        message: '',
      });
    expect(checkRoute({ ...artist, path: '/user' })).toMatchObject({ to: '/artist_dashboard' });
    expect(checkRoute({ ...artist, path: '/user/profile' })).toEqual({ action: 'allow' });
  });

  it('tenantized routes without a company go to /user with "Missing Company / Namespace"', () => {
    expect(checkRoute({ ...base, tenantized: true, hasCompany: false })).toEqual({
      action: 'redirect',
      to: '/user',
      message: MESSAGES.missingCompany,
    });
    expect(checkRoute({ ...base, tenantized: true, hasCompany: true })).toEqual({ action: 'allow' });
    expect(checkRoute({ ...base, tenantized: false, hasCompany: false })).toEqual({ action: 'allow' });
  });

  it('an admin on an admin page of one company’s data with none chosen is asked which company, not sent away', () => {
    const admin = { ...base, access: 'admin' as const, role: 'admin', tenantized: true, path: '/admin/statements' };
    expect(checkRoute({ ...admin, hasCompany: false })).toEqual({ action: 'choose-company' });
    expect(checkRoute({ ...admin, hasCompany: true })).toEqual({ action: 'allow' });
    // A label's page (the tenant area) asks an admin too: their menu offers it with no company chosen.
    expect(checkRoute({ ...admin, access: 'user', path: '/user/labels', hasCompany: false })).toEqual({
      action: 'choose-company',
    });
    // Anyone else still needs their current company there.
    expect(checkRoute({ ...admin, access: 'user', role: 'label_manager', hasCompany: false })).toMatchObject({
      message: MESSAGES.missingCompany,
    });
    expect(checkRoute({ ...admin, role: 'label_manager', hasCompany: false })).toMatchObject({
      action: 'deny',
    });
  });
  it('a member whose company role does not allow the page is refused there, in the server’s words', () => {
    const promotions = { ...base, tenantized: true, companyRole: 'promotions' as const };
    expect(checkRoute({ ...promotions, path: '/user/royalties', permission: 'money.read' })).toEqual({
      action: 'deny',
      message: 'Your role in this company (Promotions) does not allow you to see royalties, statements and payments',
    });
    expect(checkRoute({ ...promotions, path: '/user/releases/new', permission: 'catalogue.write' })).toEqual({
      action: 'deny',
      message: 'Your role in this company (Promotions) does not allow you to change the catalogue',
    });
    expect(checkRoute({ ...promotions, path: '/user/marketing', permission: 'promotion.read' })).toEqual({
      action: 'allow',
    });
    // A platform admin is not limited by a company role, nor is a page that names no permission.
    expect(checkRoute({ ...promotions, role: 'admin', permission: 'money.write' })).toEqual({ action: 'allow' });
    expect(checkRoute({ ...promotions, permission: null })).toEqual({ action: 'allow' });
  });
});
