/**
 * Subscription plans: what a company may use (feature flags) and how much (limits).
 * The server enforces both for every company (functions/plans/): a tenant route that needs a
 * feature its company's plan lacks answers 402 naming the plans that have it, and a write that
 * would pass a limit is refused at that write. The SPA reads the same table to show what the
 * current plan includes (and marks, never hides, what it does not).
 */
export const PLAN_FEATURES = [
  'dashboard',
  'catalogue_management',
  'bulk_catalogue_importing',
  'royalty_dashboard',
  'bulk_royalty_importing',
  'statement_generator',
  'label_pipelines',
  'release_accounting',
  'promo_system',
] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

/**
 * Limits are whole numbers; null means unlimited. file_storage_capacity is in MiB, written "MB" on screen and in
 * messages, as every file size the product names is.
 */
export const PLAN_LIMITS = ['file_storage_capacity', 'max_users', 'max_labels', 'free_promos'] as const;
export type PlanLimit = (typeof PLAN_LIMITS)[number];

/** What each feature covers, in the words of the refusal and the plan page. */
export const FEATURE_LABELS: Record<PlanFeature, string> = {
  dashboard: 'the dashboard',
  catalogue_management: 'catalogue management',
  bulk_catalogue_importing: 'bulk catalogue importing',
  royalty_dashboard: 'the royalty dashboard',
  bulk_royalty_importing: 'bulk royalty importing',
  statement_generator: 'the statement generator',
  label_pipelines: 'label pipelines (deliveries to stores)',
  release_accounting: 'release accounting',
  promo_system: 'the promo system',
};

/** A feature or limit as a line of its own starts ("The promo system"): the labels above sit inside a sentence. */
export const asLine = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

export const LIMIT_LABELS: Record<PlanLimit, string> = {
  file_storage_capacity: 'file storage (MB)',
  max_users: 'users',
  max_labels: 'labels',
  free_promos: 'free promos',
};

/** A plan as the API and SPA see it (Stripe-shaped plan fields plus its entitlements). */
export type PlanView = {
  id: string;
  name: string;
  /** The price per interval in the smallest currency unit (pence, cents), as Stripe counts it. */
  amount: number;
  currency: string;
  interval: 'month' | 'year';
  interval_count: number;
  trial_period_days: number;
  statement_descriptor: string | null;
  /** The provider's price id (Stripe price_…); null for a plan nobody buys by card (admin-assigned). */
  stripe_id: string | null;
  livemode: boolean;
  created: string;
  /** Whether company managers may choose it themselves (self-service checkout). */
  public: boolean;
  /** Order on the plans page, cheapest first; the refusal names plans in this order. */
  rank: number;
  features: Record<PlanFeature, boolean>;
  limits: Record<PlanLimit, number | null>;
};

/** The subscription state of a company (from the billing provider's events; admin-assigned plans are `active`). */
export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The plans seeded on a fresh cloud (ids are fixed so seeds and tests can name them). */
export const SEEDED_PLAN_IDS = {
  /** Free: where a self-service company starts and where a cancelled subscription falls back. */
  starter: 'plan_starter',
  label: 'plan_label',
  /** Everything, unlimited: the default for companies an admin creates (the distributor's managed clients). */
  enterprise: 'plan_enterprise',
} as const;

/** The refusal for a route whose feature the company's plan lacks (HTTP 402). */
export function featureRefusal(feature: PlanFeature, currentPlan: string, plansWithIt: readonly string[]): string {
  const where = plansWithIt.length ? ` It is included in ${joinNames(plansWithIt)}.` : '';
  return `Your plan (${currentPlan}) does not include ${FEATURE_LABELS[feature]}.${where}`;
}

/** The refusal for a write that would pass a limit (HTTP 402), e.g. the 4th user on a 3-user plan. */
export function limitRefusal(
  limit: PlanLimit,
  currentPlan: string,
  max: number,
  plansAbove: readonly string[],
): string {
  const where = plansAbove.length ? ` ${joinNames(plansAbove)} allow${plansAbove.length === 1 ? 's' : ''} more.` : '';
  return `Your plan (${currentPlan}) allows ${LIMIT_AMOUNTS[limit](max)}.${where}`;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
/** A limit's amount in words: "1 label", "3 users", "1024 MB of file storage". */
const LIMIT_AMOUNTS: Record<PlanLimit, (max: number) => string> = {
  file_storage_capacity: (max) => `${max} MB of file storage`,
  max_users: (max) => count(max, 'user', 'users'),
  max_labels: (max) => count(max, 'label', 'labels'),
  free_promos: (max) => count(max, 'free promo', 'free promos'),
};

function joinNames(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
