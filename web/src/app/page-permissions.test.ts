import { describe, expect, it } from 'vitest';
import { mayOpenPage, pagePermission } from './page-permissions';

describe('pagePermission', () => {
  it('reads a page’s part of the product and whether it changes something from its path', () => {
    expect(pagePermission('/user/releases')).toBe('catalogue.read');
    expect(pagePermission('/user/releases/:releaseId/edit')).toBe('catalogue.write');
    expect(pagePermission('/user/releases/01JABC/edit?tab=2')).toBe('catalogue.write');
    expect(pagePermission('/user/releases/01JABC/promos/new')).toBe('promotion.write');
    expect(pagePermission('/user/releases/01JABC/promos/01JX/analysis')).toBe('promotion.read');
    expect(pagePermission('/user/releases/01JABC/distribution')).toBe('delivery.read');
    expect(pagePermission('/user/royalties')).toBe('money.read');
    expect(pagePermission('/user/royalties/bulk_import')).toBe('money.write');
    expect(pagePermission('/user/finances/opening_balances')).toBe('money.write');
    expect(pagePermission('/user/payees/01J/accounting')).toBe('money.read');
    expect(pagePermission('/user/payees/01J')).toBe('catalogue.read');
    expect(pagePermission('/user/payees/new')).toBe('money.write');
    expect(pagePermission('/user/labels/tools/marketing/smart_url')).toBe('catalogue.read');
    expect(pagePermission('/user/labels/tools/marketing/new_release/single')).toBe('promotion.write');
    expect(pagePermission('/user/licensing/invoices')).toBe('money.read');
    expect(pagePermission('/user/profile/exports')).toBe('catalogue.read');
  });

  it('names nothing for pages outside a company’s data', () => {
    for (const path of ['/user', '/user/profile', '/user/companies/01J/users', '/user/messages', '/admin', '/'])
      expect(pagePermission(path)).toBeNull();
  });
});

describe('mayOpenPage', () => {
  it('follows the company role, lets admins through, and leaves other pages open', () => {
    expect(mayOpenPage('user', 'promotions', '/user/royalties')).toBe(false);
    expect(mayOpenPage('user', 'accounting', '/user/royalties')).toBe(true);
    expect(mayOpenPage('user', 'user', '/user/releases/new')).toBe(false);
    expect(mayOpenPage('user', 'user', '/user/releases')).toBe(true);
    expect(mayOpenPage('user', 'label_assistant', '/user/releases/01J/promos/new')).toBe(false);
    expect(mayOpenPage('admin', null, '/user/finances/payment_run')).toBe(true);
    expect(mayOpenPage('user', 'intern', '/user/companies/01J')).toBe(true);
    expect(mayOpenPage('user', null, '/user/releases')).toBe(false);
  });
});
