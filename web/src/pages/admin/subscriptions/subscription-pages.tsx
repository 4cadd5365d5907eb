import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import { CurrencySelect } from '../../../components/currency-select';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { notify } from '../../../app/notifications';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { DeleteModal } from '../../../components/delete-modal';
import { DetailHeader } from '../../../components/detail-header';
import { FormShell } from '../../../components/form-shell';
import { NewOrEditPage, RecordState } from '../../../components/record-state';
import { RouterLink } from '../../../components/router-link';
import { useFormSubmit } from '../../../components/use-form-submit';
import {
  asLine,
  FEATURE_LABELS,
  LIMIT_LABELS,
  PLAN_FEATURES,
  PLAN_LIMITS,
  type PlanView,
} from '../../../../../shared/plans';
import {
  deleteSubscription,
  saveSubscription,
  subscriptionPath,
  useRefreshSubscriptions,
  useSubscription,
  useSubscriptions,
} from './subscription-api';
import {
  emptyPlan,
  featureLine,
  limitLine,
  limitText,
  planPayload,
  planToValues,
  priceText,
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTIONS_BASE,
  validatePlan,
  type PlanValues,
} from './subscription-model';
import { EmptyList } from '../../../components/empty-state';

/** /admin/subscriptions: every plan, cheapest first, by its name (a plan's id stays in its link, not on screen). */
export function AdminSubscriptionsPage() {
  const navigate = useNavigate();
  const { data, error, isLoading, mutate } = useSubscriptions();
  if (error)
    return <ApiErrorAlert error={error} onRetry={() => void mutate()} header="Could not load the subscriptions" />;
  return (
    <Table<PlanView>
      data-testid="subscriptions-table"
      // The page's own header, as every list page has it: the table fills the page rather than sitting in a box.
      variant="full-page"
      loading={isLoading}
      items={data?.subscriptions ?? []}
      trackBy="id"
      header={
        <Header
          variant="awsui-h1-sticky"
          counter={data ? `(${data.subscriptions.length})` : undefined}
          description="The plans companies subscribe to: their price and what they include."
          actions={
            <Button
              variant="primary"
              onClick={() => navigate(`${SUBSCRIPTIONS_BASE}/new`)}
              data-testid="subscriptions-create"
            >
              New subscription
            </Button>
          }
        >
          Subscriptions
        </Header>
      }
      columnDefinitions={[
        {
          id: 'name',
          header: 'Name',
          isRowHeader: true,
          cell: (p) => (
            <RouterLink href={subscriptionPath(p.id)} data-testid={`subscription-link-${p.id}`}>
              {p.name}
            </RouterLink>
          ),
        },
        { id: 'price', header: 'Price', cell: (p) => priceText(p) },
        {
          id: 'public',
          header: 'Public',
          cell: (p) => (p.public ? <Badge color="green">Public</Badge> : 'Admin only'),
        },
        {
          id: 'features',
          header: 'Features',
          cell: (p) => `${PLAN_FEATURES.filter((f) => p.features[f]).length} of ${PLAN_FEATURES.length}`,
        },
        { id: 'users', header: 'Users', cell: (p) => limitText('max_users', p.limits.max_users) },
        { id: 'labels', header: 'Labels', cell: (p) => limitText('max_labels', p.limits.max_labels) },
      ]}
      empty={
        <EmptyList
          what="subscriptions"
          add={{ label: 'New subscription', onClick: () => navigate(`${SUBSCRIPTIONS_BASE}/new`) }}
        />
      }
    />
  );
}

/** /admin/subscriptions/{subscriptionId}. */
export function AdminSubscriptionPage() {
  const { subscriptionId } = useParams();
  const navigate = useNavigate();
  const refresh = useRefreshSubscriptions();
  const [deleting, setDeleting] = useState(false);
  const { data, error, isLoading, mutate } = useSubscription(subscriptionId);
  return (
    <RecordState
      error={error}
      isLoading={isLoading}
      data={data}
      retry={mutate}
      errorHeader="Could not load the subscription"
    >
      {({ subscription: plan }) => (
        <ContentLayout
          header={
            <DetailHeader
              testId="subscription"
              title={plan.name}
              description={priceText(plan)}
              onEdit={() => navigate(`${subscriptionPath(plan.id)}/edit`)}
              onDelete={() => setDeleting(true)}
            />
          }
        >
          <SpaceBetween size="l">
            <Container header={<Header variant="h2">Plan</Header>}>
              <KeyValuePairs
                columns={3}
                items={[
                  { label: 'Price', value: priceText(plan) },
                  { label: 'Public', value: plan.public ? 'Yes: managers may choose it' : 'No: admins assign it' },
                  { label: 'Trial period days', value: String(plan.trial_period_days) },
                  { label: 'Statement descriptor', value: plan.statement_descriptor ?? '-' },
                  { label: 'Provider price id', value: plan.stripe_id ?? '-' },
                  { label: 'Rank', value: String(plan.rank) },
                ]}
              />
            </Container>
            <PlanEntitlements plan={plan} />
          </SpaceBetween>
          {deleting ? (
            <DeleteModal
              noun="subscription"
              plural="subscriptions"
              names={[plan.name]}
              run={async (report) => report((await deleteSubscription(plan.id)).message)}
              onClose={() => setDeleting(false)}
              onDeleted={() => {
                void refresh();
                navigate(SUBSCRIPTIONS_BASE);
              }}
            />
          ) : null}
        </ContentLayout>
      )}
    </RecordState>
  );
}

/** A plan's features (✓/✗) and limits; `usage` adds what the company uses of each counted limit. */
export function PlanEntitlements({
  plan,
  usage,
}: {
  plan: PlanView;
  usage?: Partial<Record<(typeof PLAN_LIMITS)[number], number>>;
}) {
  return (
    <Container header={<Header variant="h2">What {plan.name} includes</Header>} data-testid="plan-entitlements">
      <ColumnLayout columns={2} variant="text-grid">
        <SpaceBetween size="xxs">
          <Box variant="awsui-key-label">Features</Box>
          {PLAN_FEATURES.map((f) => (
            <div key={f} data-testid={`plan-feature-${f}`} data-included={plan.features[f]}>
              {featureLine(plan, f)}
            </div>
          ))}
        </SpaceBetween>
        <SpaceBetween size="xxs">
          <Box variant="awsui-key-label">Limits</Box>
          {PLAN_LIMITS.map((l) => (
            <div key={l} data-testid={`plan-limit-${l}`}>
              {limitLine(plan, l, usage?.[l])}
            </div>
          ))}
        </SpaceBetween>
      </ColumnLayout>
    </Container>
  );
}

const INTERVALS = [
  { value: 'month', label: 'Month' },
  { value: 'year', label: 'Year' },
];

function PlanForm({ plan }: { plan?: PlanView }) {
  const navigate = useNavigate();
  const refresh = useRefreshSubscriptions();
  const isNew = !plan;
  const [values, setValues] = useState<PlanValues>(() => (plan ? planToValues(plan) : emptyPlan()));
  const set = (patch: Partial<PlanValues>) => setValues((v) => ({ ...v, ...patch }));
  const { errors, failure, submitting, submit } = useFormSubmit({
    validate: () => validatePlan(values, isNew),
    send: () => saveSubscription(plan?.id, planPayload(values, isNew)),
    onSuccess: async (answer) => {
      await refresh();
      notify('notification', answer.message || (isNew ? SUBSCRIPTION_MESSAGES.added : SUBSCRIPTION_MESSAGES.updated));
      // After a successful add or update, back to the list.
      navigate(SUBSCRIPTIONS_BASE);
    },
  });
  const text = (field: keyof PlanValues, label: string, description?: string) => (
    <FormField
      label={label}
      description={description}
      errorText={errors[field]}
      data-testid={`subscription-field-${field}`}
    >
      <Input
        value={String(values[field])}
        onChange={({ detail }) => set({ [field]: detail.value } as Partial<PlanValues>)}
        invalid={Boolean(errors[field])}
      />
    </FormField>
  );
  return (
    <FormShell
      testId="subscription"
      title={plan ? `Edit ${plan.name}` : 'New subscription'}
      failure={failure}
      errors={errors}
      submitting={submitting}
      submitLabel={isNew ? 'Create subscription' : 'Save changes'}
      onSubmit={() => void submit()}
      onCancel={() => navigate(plan ? subscriptionPath(plan.id) : SUBSCRIPTIONS_BASE)}
    >
      <SpaceBetween size="l">
        <Container header={<Header variant="h2">Plan</Header>}>
          <ColumnLayout columns={2}>
            {text('name', 'Name')}
            {isNew
              ? text(
                  'id',
                  'ID',
                  'Optional: lower-case letters, digits and underscores (e.g. plan_pro). Left empty, it is made from the name.',
                )
              : null}
            {text('amount', 'Amount', 'Per interval, e.g. 29.00; kept in pence as the card provider counts it.')}
            <FormField label="Currency" errorText={errors.currency}>
              <CurrencySelect
                value={values.currency}
                onChange={(currency) => set({ currency })}
                testId="subscription-field-currency"
              />
            </FormField>
            <FormField label="Interval" errorText={errors.interval} data-testid="subscription-field-interval">
              <Select
                selectedOption={INTERVALS.find((o) => o.value === values.interval) ?? null}
                options={INTERVALS}
                onChange={({ detail }) => set({ interval: detail.selectedOption.value as PlanValues['interval'] })}
              />
            </FormField>
            {text('interval_count', 'Interval count')}
            {text('trial_period_days', 'Trial period days')}
            {text('statement_descriptor', 'Statement descriptor', 'What card statements show (22 characters at most).')}
            {text('stripe_id', 'Provider price id', 'The Stripe price id (price_…), if the plan is sold by card.')}
            {text('rank', 'Rank', 'Order on the plans page, cheapest first.')}
            <Checkbox
              checked={values.public}
              onChange={({ detail }) => set({ public: detail.checked })}
              data-testid="subscription-field-public"
            >
              Public: company managers may choose it themselves
            </Checkbox>
          </ColumnLayout>
        </Container>
        <Container header={<Header variant="h2">Features</Header>}>
          <ColumnLayout columns={3}>
            {PLAN_FEATURES.map((f) => (
              <Checkbox
                key={f}
                checked={values.features[f]}
                onChange={({ detail }) => set({ features: { ...values.features, [f]: detail.checked } })}
                data-testid={`subscription-feature-${f}`}
              >
                {asLine(FEATURE_LABELS[f])}
              </Checkbox>
            ))}
          </ColumnLayout>
        </Container>
        <Container
          header={
            <Header variant="h2" description="Blank is unlimited.">
              Limits
            </Header>
          }
        >
          <ColumnLayout columns={2}>
            {PLAN_LIMITS.map((l) => (
              <FormField
                key={l}
                label={asLine(LIMIT_LABELS[l])}
                errorText={errors[`limits.${l}`]}
                description={
                  l === 'free_promos'
                    ? 'Promotions are not offered yet: this number takes effect when they are.'
                    : undefined
                }
                data-testid={`subscription-limit-${l}`}
              >
                <Input
                  value={values.limits[l]}
                  placeholder="Unlimited"
                  onChange={({ detail }) => set({ limits: { ...values.limits, [l]: detail.value } })}
                  invalid={Boolean(errors[`limits.${l}`])}
                />
              </FormField>
            ))}
          </ColumnLayout>
        </Container>
      </SpaceBetween>
    </FormShell>
  );
}

/** /admin/subscriptions/new and /admin/subscriptions/{subscriptionId}/edit. */
export function AdminSubscriptionFormPage() {
  const { subscriptionId } = useParams();
  const { data, error, isLoading, mutate } = useSubscription(subscriptionId);
  return (
    <NewOrEditPage
      editing={Boolean(subscriptionId)}
      error={error}
      isLoading={isLoading}
      data={data}
      retry={mutate}
      errorHeader="Could not load the subscription"
      newForm={<PlanForm />}
      editForm={(loaded) => <PlanForm key={loaded.subscription.id} plan={loaded.subscription} />}
    />
  );
}
