import { describe, expect, it } from 'vitest';
import { adminOnlyFields } from '../../functions/companies/company-self-service.js';
import { lastManagerRefusal } from '../../functions/companies/team.js';
import { refuseSelfApproval } from '../../functions/catalogue/label-requests.js';
import { labelRequestInput, missingVatNumber, TEAM_ROLES, teamRoleInput } from '../../shared/schemas/company-team.js';

describe('the roles a manager hands out', () => {
  it('are the company roles without admin and artist_user', () => {
    expect(TEAM_ROLES).not.toContain('admin');
    expect(TEAM_ROLES).not.toContain('artist_user');
    expect(TEAM_ROLES).toContain('label_manager');
    expect(teamRoleInput.safeParse({ role: 'intern' }).success).toBe(true);
    const admin = teamRoleInput.safeParse({ role: 'admin' });
    expect(admin.success).toBe(false);
    expect(admin.error?.issues[0].path).toEqual(['role']);
    expect(teamRoleInput.safeParse({ role: 'intern', user_id: 'x' }).success).toBe(false);
  });
});

describe('lastManagerRefusal', () => {
  const team = [
    { userId: 'm1', role: 'label_manager' as const },
    { userId: 'a1', role: 'label_assistant' as const },
  ];
  it('refuses demoting or removing the only label manager', () => {
    expect(lastManagerRefusal(team, 'm1', 'intern')).toMatch(/must keep a Label manager/);
    expect(lastManagerRefusal(team, 'm1', null)).toMatch(/last Label manager cannot be removed/);
  });
  it('allows it once another manager remains, and any change to other members', () => {
    const two = [...team, { userId: 'm2', role: 'label_manager' as const }];
    expect(lastManagerRefusal(two, 'm1', null)).toBeNull();
    expect(lastManagerRefusal(two, 'm1', 'intern')).toBeNull();
    expect(lastManagerRefusal(team, 'a1', null)).toBeNull();
    expect(lastManagerRefusal(team, 'm1', 'label_manager')).toBeNull();
  });
});

describe('adminOnlyFields', () => {
  it('names what a company member may not change, and nothing they may', () => {
    expect(adminOnlyFields({ name: 'A', vat_number: '1', site_settings_attributes: {}, logo_key: null })).toEqual([]);
    expect(
      adminOnlyFields({
        name: 'A',
        tags: [],
        distributed: true,
        deal_percentage: 1,
        contract_key: 'k',
        company_users: [],
      }),
    ).toEqual(['tags', 'distributed', 'deal_percentage', 'contract_key', 'company_users']);
    expect(adminOnlyFields({ company_distributors_attributes: [], subscription_id: 'p' })).toEqual([
      'company_distributors_attributes',
      'subscription_id',
    ]);
  });
});

describe('missingVatNumber', () => {
  it('wants a VAT number only from a VAT-registered company', () => {
    expect(missingVatNumber({ vat_registered: true, vat_number: ' ' })).toBe(true);
    expect(missingVatNumber({ vat_registered: true })).toBe(true);
    expect(missingVatNumber({ vat_registered: true, vat_number: 'GB1' })).toBe(false);
    expect(missingVatNumber({ vat_registered: false })).toBe(false);
  });
});

describe('label requests', () => {
  it('need a name; notes are bounded', () => {
    expect(labelRequestInput.safeParse({ name: '  ' }).error?.issues[0].message).toBe('Name is required');
    expect(labelRequestInput.safeParse({ name: 'A', notes: 'x'.repeat(2001) }).success).toBe(false);
    expect(labelRequestInput.parse({ name: ' Jazz ', notes: 'n' })).toEqual({ name: 'Jazz', notes: 'n' });
  });
  it('a member cannot clear `requested` on a requested label', () => {
    expect(() => refuseSelfApproval({ requested: true }, { requested: false })).toThrow(/Only a platform admin/);
    expect(() => refuseSelfApproval({ requested: true }, {})).not.toThrow();
    expect(() => refuseSelfApproval({ requested: false }, { requested: false })).not.toThrow();
  });
});
