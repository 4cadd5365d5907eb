import { formatMoney } from '../../../../../shared/money';
import { MESSAGES, VALIDATION } from '../../../../../shared/messages';
import { currencyProblem } from '../../../../../shared/schemas/currency';
import {
  asLine,
  FEATURE_LABELS,
  LIMIT_LABELS,
  PLAN_FEATURES,
  PLAN_LIMITS,
  type PlanFeature,
  type PlanLimit,
  type PlanView,
} from '../../../../../shared/plans';

export const SUBSCRIPTIONS_BASE = '/admin/subscriptions';
export const SUBSCRIPTION_MESSAGES = { added: MESSAGES.subscriptionAdded, updated: MESSAGES.subscriptionUpdated };

/** The form's values: text inputs as typed; amount in pounds (or the currency's units), limits blank = unlimited. */
export type PlanValues = {
  id: string;
  name: string;
  amount: string;
  currency: string;
  interval: 'month' | 'year';
  interval_count: string;
  trial_period_days: string;
  statement_descriptor: string;
  stripe_id: string;
  public: boolean;
  rank: string;
  features: Record<PlanFeature, boolean>;
  limits: Record<PlanLimit, string>;
};

export function emptyPlan(): PlanValues {
  return {
    id: '',
    name: '',
    amount: '0.00',
    currency: 'GBP',
    interval: 'month',
    interval_count: '1',
    trial_period_days: '0',
    statement_descriptor: '',
    stripe_id: '',
    public: false,
    rank: '0',
    features: Object.fromEntries(PLAN_FEATURES.map((f) => [f, false])) as Record<PlanFeature, boolean>,
    limits: Object.fromEntries(PLAN_LIMITS.map((l) => [l, ''])) as Record<PlanLimit, string>,
  };
}

/** Pence as the form shows them: 2900 → "29.00" (integer arithmetic, never a float). */
export function penceToText(pence: number): string {
  const whole = Math.trunc(pence / 100);
  return `${whole}.${String(pence % 100).padStart(2, '0')}`;
}

/** "29", "29.5", "29.50" → 2900 / 2950; null when not an amount with up to 2 decimals. */
export function textToPence(text: string): number | null {
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export function planToValues(plan: PlanView): PlanValues {
  return {
    id: plan.id,
    name: plan.name,
    amount: penceToText(plan.amount),
    currency: plan.currency,
    interval: plan.interval,
    interval_count: String(plan.interval_count),
    trial_period_days: String(plan.trial_period_days),
    statement_descriptor: plan.statement_descriptor ?? '',
    stripe_id: plan.stripe_id ?? '',
    public: plan.public,
    rank: String(plan.rank),
    features: { ...plan.features },
    limits: Object.fromEntries(
      PLAN_LIMITS.map((l) => [l, plan.limits[l] === null ? '' : String(plan.limits[l])]),
    ) as Record<PlanLimit, string>,
  };
}

const WHOLE = /^\d+$/;

/** The client's checks (the server checks again): each message names its field. */
export function validatePlan(values: PlanValues, isNew: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.name.trim()) errors.name = VALIDATION.required('Name');
  if (isNew && values.id && !/^[a-z0-9_]{3,64}$/.test(values.id))
    errors.id = 'ID must be 3 to 64 lower-case letters, digits or underscores';
  if (textToPence(values.amount) === null) errors.amount = 'Amount must be an amount with up to 2 decimals';
  const currency = values.currency.trim()
    ? currencyProblem('Currency', values.currency)
    : VALIDATION.required('Currency');
  if (currency) errors.currency = currency;
  if (!WHOLE.test(values.interval_count) || Number(values.interval_count) < 1)
    errors.interval_count = 'Interval count must be a whole number of at least 1';
  if (!WHOLE.test(values.trial_period_days)) errors.trial_period_days = 'Trial period days must be a whole number';
  if (!WHOLE.test(values.rank)) errors.rank = 'Rank must be a whole number';
  for (const limit of PLAN_LIMITS) {
    const text = values.limits[limit].trim();
    if (text && !WHOLE.test(text)) errors[`limits.${limit}`] = 'A limit must be a whole number, or blank for unlimited';
  }
  return errors;
}

/** The POST / PATCH body: amounts in pence, blank limits null (unlimited). */
export function planPayload(values: PlanValues, isNew: boolean): Record<string, unknown> {
  return {
    ...(isNew && values.id ? { id: values.id } : {}),
    name: values.name.trim(),
    amount: textToPence(values.amount) ?? 0,
    currency: values.currency.trim().toUpperCase(),
    interval: values.interval,
    interval_count: Number(values.interval_count),
    trial_period_days: Number(values.trial_period_days),
    statement_descriptor: values.statement_descriptor.trim() || null,
    stripe_id: values.stripe_id.trim() || null,
    public: values.public,
    rank: Number(values.rank),
    features: values.features,
    limits: Object.fromEntries(
      PLAN_LIMITS.map((l) => [l, values.limits[l].trim() === '' ? null : Number(values.limits[l])]),
    ),
  };
}

/** "£29.00 / month", "Free". */
export function priceText(plan: Pick<PlanView, 'amount' | 'currency' | 'interval' | 'interval_count'>): string {
  if (plan.amount === 0) return 'Free';
  const money = formatMoney(penceToText(plan.amount), plan.currency);
  const every = plan.interval_count === 1 ? plan.interval : `${plan.interval_count} ${plan.interval}s`;
  return `${money} / ${every}`;
}

/** A limit as the pages show it: "Unlimited", or the number with its unit. */
export function limitText(limit: PlanLimit, value: number | null): string {
  if (value === null) return 'Unlimited';
  return limit === 'file_storage_capacity' ? `${value} MB` : String(value);
}

/** A plan's feature as a line of its list: "✓ The promo system", "✗ Release accounting". */
export const featureLine = (plan: Pick<PlanView, 'features'>, feature: PlanFeature) =>
  `${plan.features[feature] ? '✓' : '✗'} ${asLine(FEATURE_LABELS[feature])}`;

/** A plan's limit as a line of its list ("Users: 3 used of 5"); `used`, what the company uses of it, when counted. */
export const limitLine = (plan: Pick<PlanView, 'limits'>, limit: PlanLimit, used?: number) =>
  `${asLine(LIMIT_LABELS[limit])}: ${used !== undefined ? `${used} used of ` : ''}${limitText(limit, plan.limits[limit])}`;
