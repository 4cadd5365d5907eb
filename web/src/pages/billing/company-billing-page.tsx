import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import { displayLabel } from '../../app/display-labels';
import { useNavigate, useParams } from 'react-router';
import { notify, notifyError } from '../../app/notifications';
import { ConfirmActionModal } from '../../components/confirm-action-modal';
import { FormattedDate } from '../../components/formatted';
import { RecordState } from '../../components/record-state';
import { RouterLink } from '../../components/router-link';
import { useFormSubmit } from '../../components/use-form-submit';
import type { PlanView } from '../../../../shared/plans';
import type { BillingDetailsView } from '../../../../shared/schemas/billing';
import type { CompanyPlanAnswer } from '../../../../shared/schemas/plan';
import { useApi } from '../../app/resources';
import { billingApi, useBillingDetails } from './billing-api';
import { cardBrand } from '../../../../shared/card-brand';
import { appPath, formatPence, providerWords } from './billing-model';

function Subscribe({ companyId, plans }: { companyId: string; plans: PlanView[] }) {
  const navigate = useNavigate();
  const [coupon, setCoupon] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const start = async (planId: string) => {
    setBusy(planId);
    try {
      const { url } = await billingApi.checkout(companyId, planId, coupon.trim() || undefined);
      if (url.startsWith(window.location.origin)) navigate(appPath(url));
      else window.location.assign(url);
    } catch (error) {
      notifyError(error);
      setBusy(null);
    }
  };
  if (!plans.length) return null;
  return (
    <Container header={<Header variant="h2">Subscribe</Header>}>
      <SpaceBetween size="m">
        <FormField label="Coupon (optional)">
          <Input value={coupon} onChange={({ detail }) => setCoupon(detail.value)} data-testid="billing-coupon" />
        </FormField>
        <SpaceBetween direction="horizontal" size="xs">
          {plans.map((plan) => (
            <Button
              key={plan.id}
              loading={busy === plan.id}
              disabled={Boolean(busy)}
              onClick={() => void start(plan.id)}
              data-testid={`subscribe-${plan.id}`}
            >
              {plan.name}: {formatPence(plan.amount, plan.currency)} per {plan.interval}
            </Button>
          ))}
        </SpaceBetween>
      </SpaceBetween>
    </Container>
  );
}

function Subscription({
  companyId,
  view,
  reload,
}: {
  companyId: string;
  view: BillingDetailsView;
  reload: () => void;
}) {
  const [cancelling, setCancelling] = useState(false);
  const [busy, setBusy] = useState(false);
  const { subscription, payment_method: card } = view;
  // The plan by its name, as the plan page names it: the plans on sale, else the company's own plan (a free or an
  // admin-only one); never its id.
  const own = useApi<CompanyPlanAnswer>('/company/plan', undefined, companyId).data?.plan;
  const planName =
    view.plans.find((plan) => plan.id === subscription.plan_id)?.name ??
    (own && own.id === subscription.plan_id ? own.name : undefined);
  const live = subscription.provider !== 'admin' && subscription.status && subscription.status !== 'canceled';
  const cancel = async () => {
    setBusy(true);
    try {
      notify('notification', (await billingApi.cancel(companyId, true)).message ?? 'Subscription cancelled');
      setCancelling(false);
      reload();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Container
      header={
        <Header
          variant="h2"
          actions={
            live && !subscription.cancel_at_period_end ? (
              <Button onClick={() => setCancelling(true)} data-testid="billing-cancel">
                Cancel subscription
              </Button>
            ) : undefined
          }
        >
          Subscription
        </Header>
      }
    >
      <KeyValuePairs
        columns={3}
        items={[
          {
            label: 'Plan',
            value: (
              <RouterLink href={`/user/companies/${companyId}/plan`} data-testid="billing-plan">
                {subscription.plan_id ? (planName ?? 'Your plan') : 'Assigned by the platform'}
              </RouterLink>
            ),
          },
          {
            label: 'Status',
            value: (
              <span data-testid="billing-status">{subscription.status ? displayLabel(subscription.status) : '-'}</span>
            ),
          },
          {
            label: subscription.cancel_at_period_end ? 'Ends on' : 'Renews on',
            value: <FormattedDate value={subscription.current_period_end} />,
          },
          {
            label: 'Card',
            value: card ? (
              <span data-testid="billing-card">
                {cardBrand(card.brand)} •••• {card.last4}, expires {String(card.exp_month).padStart(2, '0')}/
                {card.exp_year}
              </span>
            ) : (
              '-'
            ),
          },
          { label: 'Provider', value: providerWords(view.provider) },
        ]}
      />
      {cancelling && (
        <ConfirmActionModal
          header="Cancel the subscription?"
          confirmText="Cancel at period end"
          busy={busy}
          onCancel={() => setCancelling(false)}
          onConfirm={() => void cancel()}
          confirmTestId="billing-cancel-confirm"
        >
          The plan stays until the end of the paid period; then the company is on Starter.
        </ConfirmActionModal>
      )}
    </Container>
  );
}

function DetailsForm({ companyId, view, reload }: { companyId: string; view: BillingDetailsView; reload: () => void }) {
  const [details, setDetails] = useState({
    email: view.billing_details.email ?? '',
    business_vat_id: view.billing_details.business_vat_id ?? '',
    description: view.billing_details.description ?? '',
  });
  const form = useFormSubmit({
    validate: () => ({}),
    send: () =>
      billingApi.saveDetails(companyId, {
        ...(details.email.trim() ? { email: details.email.trim() } : {}),
        business_vat_id: details.business_vat_id,
        description: details.description,
      }),
    onSuccess: (answer) => {
      notify('notification', answer.message ?? 'Billing Details Updated');
      reload();
    },
  });
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <Form
        errorText={form.failure}
        actions={
          <Button variant="primary" loading={form.submitting} onClick={() => void form.submit()}>
            Save billing details
          </Button>
        }
      >
        <Container header={<Header variant="h2">Billing details</Header>}>
          <SpaceBetween size="m">
            <FormField label="Billing e-mail" errorText={form.errors.email}>
              <Input value={details.email} onChange={({ detail }) => setDetails({ ...details, email: detail.value })} />
            </FormField>
            <FormField label="Business VAT ID" errorText={form.errors.business_vat_id}>
              <Input
                value={details.business_vat_id}
                onChange={({ detail }) => setDetails({ ...details, business_vat_id: detail.value })}
              />
            </FormField>
            <FormField label="Description (on invoices)" errorText={form.errors.description}>
              <Textarea
                value={details.description}
                onChange={({ detail }) => setDetails({ ...details, description: detail.value })}
              />
            </FormField>
          </SpaceBetween>
        </Container>
      </Form>
    </form>
  );
}

/** A company's billing: its subscription and card as reported, billing details, subscribe, cancel. */
export function CompanyBillingPage() {
  const { companyId = '' } = useParams();
  const load = useBillingDetails(companyId);
  const reload = () => void load.mutate();
  return (
    <ContentLayout header={<Header variant="h1">Billing</Header>}>
      <RecordState
        error={load.error}
        isLoading={load.isLoading}
        data={load.data}
        retry={load.mutate}
        errorHeader="Could not load the billing details"
      >
        {(view) => (
          <SpaceBetween size="l">
            {view.billing_details.delinquent && (
              <Alert type="warning" header="The last payment failed" data-testid="billing-delinquent">
                The subscription is past due. The plan stays for now; the provider retries the card.
              </Alert>
            )}
            <Subscription companyId={companyId} view={view} reload={reload} />
            {(!view.subscription.status ||
              view.subscription.status === 'canceled' ||
              view.subscription.provider === 'admin') && <Subscribe companyId={companyId} plans={view.plans} />}
            <DetailsForm companyId={companyId} view={view} reload={reload} />
          </SpaceBetween>
        )}
      </RecordState>
    </ContentLayout>
  );
}
