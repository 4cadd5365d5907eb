import { z } from 'zod';
import { currencyCode } from './currency.js';
import { VALIDATION } from '../messages.js';
import {
  FEATURE_LABELS,
  LIMIT_LABELS,
  PLAN_FEATURES,
  PLAN_LIMITS,
  type PlanFeature,
  type PlanLimit,
  type PlanView,
  type SubscriptionStatus,
} from '../plans.js';

/** The most a plan may cost per interval: £100,000 in pence (a typo guard, not a business rule). */
const MAX_AMOUNT = 10_000_000;

const wholeNumber = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} must not be negative`)
    .max(max, VALIDATION.maxValue(label, max));

const features = z.strictObject(
  Object.fromEntries(
    PLAN_FEATURES.map((f) => [f, z.boolean({ error: `${FEATURE_LABELS[f]} must be yes or no` })]),
  ) as Record<PlanFeature, z.ZodBoolean>,
);

/** A limit: a whole number, or null for unlimited. */
const limits = z.strictObject(
  Object.fromEntries(
    PLAN_LIMITS.map((l) => [l, wholeNumber(`Limit for ${LIMIT_LABELS[l]}`, 10_000_000).nullable()]),
  ) as Record<PlanLimit, z.ZodNullable<ReturnType<typeof wholeNumber>>>,
);

const fields = {
  name: z
    .string({ error: VALIDATION.required('Name') })
    .trim()
    .min(1, VALIDATION.required('Name'))
    .max(100),
  /** Pence (the smallest currency unit), as the card provider counts: never a float. */
  amount: wholeNumber('Amount', MAX_AMOUNT),
  currency: currencyCode('Currency'),
  interval: z.enum(['month', 'year'], { error: 'Interval must be month or year' }),
  interval_count: wholeNumber('Interval count', 12).min(1, 'Interval count must be at least 1'),
  trial_period_days: wholeNumber('Trial period days', 730),
  // Stripe's limit: 22 characters on a card statement.
  statement_descriptor: z
    .string()
    .trim()
    .max(22, VALIDATION.maxValue('Statement descriptor', '22 characters'))
    .nullable(),
  stripe_id: z.string().trim().max(100).nullable(),
  public: z.boolean(),
  rank: wholeNumber('Rank', 1000),
  features,
  limits,
};

/** POST /subscriptions: a new plan; `id` may be chosen (plan_…), else one is made. */
export const planInput = z.strictObject({
  id: z
    .string()
    .trim()
    .regex(/^[a-z0-9_]{3,64}$/, 'ID must be 3 to 64 lower-case letters, digits or underscores')
    .optional(),
  ...fields,
  interval_count: fields.interval_count.default(1),
  trial_period_days: fields.trial_period_days.default(0),
  statement_descriptor: fields.statement_descriptor.optional(),
  stripe_id: fields.stripe_id.optional(),
  public: fields.public.default(false),
  rank: fields.rank.default(0),
});

/** PATCH /subscriptions/{id}: any of the fields; `features` and `limits` are given whole. */
export const planPatch = z.strictObject(fields).partial();

export type PlanInput = z.infer<typeof planInput>;
export type PlanPatch = z.infer<typeof planPatch>;

/** GET /company/plan: the current company's plan, its subscription state, what it uses, and the plans to compare. */
export type CompanyPlanAnswer = {
  plan: PlanView;
  subscription: {
    status: SubscriptionStatus;
    provider: string | null;
    current_period_end: string | null;
    cancel_at_period_end: boolean;
  };
  usage: { users: number; labels: number; storage_mib: number };
  plans: PlanView[];
};

/** A company's plan as GET /me lists it beside each membership (the side menu marks what the plan lacks). */
export type CompanyPlanSummary = {
  id: string;
  name: string;
  features: Record<PlanFeature, boolean>;
  status: SubscriptionStatus;
  /** For each feature the plan lacks, the cheapest public plan that has it (the side menu's badge). */
  upgrades: Partial<Record<PlanFeature, string>>;
};
