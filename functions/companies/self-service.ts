import { ulid } from 'ulid';
import type { Role } from '../../shared/constants.js';
import { MAX_COMPANIES_PER_USER, type NewCompanyInput } from '../../shared/schemas/onboarding.js';
import { SEEDED_PLAN_IDS } from '../../shared/plans.js';
import { createCompanyWithCreator } from '../data/access/onboarding.js';
import { countryCodes } from '../data/access/reference.js';
import type { Caller } from '../lib/auth-context.js';
import { Conflict, InvalidField } from '../lib/errors.js';
import { setCompanySubscription } from '../plans/company-plan.js';
import { companyPage } from './companies.js';
import { membershipsOf } from './memberships.js';

/** The role a company's creator holds: its owner, who may manage its team and plan (shared/permissions.ts). */
const CREATOR_ROLE: Role = 'label_manager';

/** "You already have a company named …": names are compared trimmed and case-insensitively. */
async function refuseDuplicateName(userId: string, name: string): Promise<void> {
  const wanted = name.trim().toLocaleLowerCase();
  const mine = await membershipsOf(userId);
  const same = mine.find(({ company }) => company.name.trim().toLocaleLowerCase() === wanted);
  if (same) {
    const message = `You already have a company named ${same.company.name}`;
    throw new Conflict(message, { name: [message] });
  }
}

/** The country must be one of the countries reference (ISO 3166-1 alpha-2). */
async function refuseUnknownCountry(code: string): Promise<void> {
  const known = await countryCodes();
  if (!known.some((c) => c.iso_alpha_two.toUpperCase() === code)) {
    throw new InvalidField('country', `Country ${code} is not a known country code`);
  }
}

/**
 * A signed-in user creates their own company (docs/onboarding.md): they become its label_manager and it
 * starts on the free Starter plan. subscription_id is written with the company, in the same transaction, so
 * a self-service company is never read on the fallback plan (Enterprise, for admins' companies); the
 * subscription's state then goes through the one writer of plans, setCompanySubscription.
 */
export async function createOwnCompany(caller: Caller, input: NewCompanyInput) {
  const { userId, email } = caller.user;
  await refuseDuplicateName(userId, input.name);
  await refuseUnknownCountry(input.country);
  const companyId = ulid();
  const limitMessage = `You may create at most ${MAX_COMPANIES_PER_USER} companies; ask an admin for more`;
  await createCompanyWithCreator(
    {
      companyId,
      name: input.name,
      email,
      currency: input.currency,
      country: input.country,
      vat_registered: input.vat_registered,
      ...(input.vat_number ? { vat_number: input.vat_number } : {}),
      ...(input.registration_number ? { registration_number: input.registration_number } : {}),
      subscription_id: SEEDED_PLAN_IDS.starter,
    },
    { userId, role: CREATOR_ROLE },
    MAX_COMPANIES_PER_USER,
    { message: limitMessage, field: 'name' },
  );
  await setCompanySubscription(companyId, { planId: SEEDED_PLAN_IDS.starter, status: 'active', provider: 'admin' });
  const { company } = await companyPage(companyId);
  return { company: { ...company, role: CREATOR_ROLE }, message: 'Company Added' };
}
