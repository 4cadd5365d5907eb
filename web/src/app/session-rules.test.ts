import { describe, expect, it } from 'vitest';
import { SESSION_LIFETIME_MS } from '../../../shared/constants';
import { chooseCurrentCompany, dashboardPath, isSessionExpired, safeRedirect } from './session-rules';

describe('session rules', () => {
  const now = Date.UTC(2026, 0, 10);
  it('expires the session one day after sign-in', () => {
    expect(isSessionExpired(now - SESSION_LIFETIME_MS + 1000, now)).toBe(false);
    expect(isSessionExpired(now - SESSION_LIFETIME_MS, now)).toBe(true);
    expect(isSessionExpired(null, now)).toBe(true);
    expect(isSessionExpired(now + 10 * 60_000, now)).toBe(true);
  });

  it('selects the only company automatically, keeps a valid stored choice, drops a stale one', () => {
    const one = [{ id: 'a' }];
    const two = [{ id: 'a' }, { id: 'b' }];
    expect(chooseCurrentCompany(one, null, { isAdmin: false })).toBe('a');
    expect(chooseCurrentCompany(two, null, { isAdmin: false })).toBeNull();
    expect(chooseCurrentCompany(two, 'b', { isAdmin: false })).toBe('b');
    expect(chooseCurrentCompany(two, 'gone', { isAdmin: false })).toBeNull();
    expect(chooseCurrentCompany(one, 'gone', { isAdmin: false })).toBe('a');
    expect(chooseCurrentCompany([], 'other', { isAdmin: true })).toBe('other');
  });

  it('honours only local redirect paths after sign-in', () => {
    expect(safeRedirect('/user/labels?q=x')).toBe('/user/labels?q=x');
    expect(safeRedirect(null)).toBe('/user');
    expect(safeRedirect('https://evil.example')).toBe('/user');
    expect(safeRedirect('//evil.example')).toBe('/user');
    expect(safeRedirect('/signin?redirect=/x')).toBe('/user');
    expect(safeRedirect(undefined, '/artist_dashboard')).toBe('/artist_dashboard');
  });

  it('links artist users to their own dashboard', () => {
    expect(dashboardPath('artist_user')).toBe('/artist_dashboard');
    expect(dashboardPath('admin')).toBe('/user');
    expect(dashboardPath('user')).toBe('/user');
    expect(dashboardPath('label_manager')).toBe('/user');
  });
});
