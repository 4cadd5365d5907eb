import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { RouterLink } from '../../../components/router-link';
import { api } from '../../../app/api';
import { displayLabel } from '../../../app/display-labels';
import { clearNotification, notifyError } from '../../../app/notifications';
import { useApi } from '../../../app/resources';
import { RecordState } from '../../../components/record-state';
import { PLAN_FEATURES, PLAN_LIMITS, type PlanView } from '../../../../../shared/plans';
import type { CompanyPlanAnswer } from '../../../../../shared/schemas/plan';
import { PlanEntitlements } from '../../admin/subscriptions/subscription-pages';
import { featureLine, limitLine, priceText } from '../../admin/subscriptions/subscription-model';
import { formatDate } from '../../../../../shared/format';

/**
 * Starts the card checkout for a plan (the billing slice's POST /company/billing/checkout) and follows
 * the provider's page: Stripe's in AWS, the local provider's checkout page on this machine.
 */
async function upgradeTo(companyId: string, plan: PlanView, navigate: (to: string) => void): Promise<void> {
  const { url } = await api.post<{ url: string }>('/company/billing/checkout', { plan_id: plan.id }, { companyId });
  if (/^https?:\/\//.test(url) && new URL(url).origin !== window.location.origin) window.location.assign(url);
  else navigate(url.replace(/^https?:\/\/[^/]+/, ''));
}

/**
 * What the page says on coming back from the card provider (`?checkout=`): a paid checkout or a changed plan
 * is told as done, and the error a declined card left in the notification bar goes (it no longer holds).
 */
function CheckoutOutcome({ onPending }: { onPending: () => unknown }) {
  const [params] = useSearchParams();
  const outcome = params.get('checkout');
  const done = outcome === 'success' || outcome === 'changed';
  useEffect(() => {
    if (done) clearNotification();
  }, [done]);
  // The provider's event moves the company to the plan a moment after the payment: read the plan again until then.
  useEffect(() => {
    if (!done) return;
    const timer = setInterval(onPending, 2000);
    const stop = setTimeout(() => clearInterval(timer), 30_000);
    return () => {
      clearInterval(timer);
      clearTimeout(stop);
    };
  }, [done, onPending]);
  if (!done) return outcome === 'cancel' ? <Alert type="info">Checkout cancelled: nothing was charged.</Alert> : null;
  return (
    <Alert
      type="success"
      header={outcome === 'changed' ? 'Plan changed' : 'Payment received'}
      data-testid="plan-checkout-done"
    >
      {outcome === 'changed'
        ? 'Your subscription moves to the new plan now; the difference for the rest of this period is charged to your card.'
        : 'Thank you: your card was charged.'}{' '}
      The plan below shows the change as soon as the card provider confirms it, within a few seconds.
    </Alert>
  );
}

function CompanyPlan({
  companyId,
  answer,
  reload,
}: {
  companyId: string;
  answer: CompanyPlanAnswer;
  reload: () => unknown;
}) {
  const navigate = useNavigate();
  const [starting, setStarting] = useState<string | null>(null);
  const { plan, subscription, usage, plans } = answer;
  const choose = async (target: PlanView) => {
    setStarting(target.id);
    try {
      await upgradeTo(companyId, target, navigate);
      // A plan change comes back to this same page (?checkout=changed): its buttons work again.
      setStarting(null);
    } catch (error) {
      notifyError(error);
      setStarting(null);
    }
  };
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={`${priceText(plan)} · subscription ${displayLabel(subscription.status).toLowerCase()}`}
        >
          Your plan: {plan.name}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <CheckoutOutcome onPending={reload} />
        {subscription.status === 'past_due' ? (
          <Alert type="warning" header="Your last payment failed" data-testid="plan-past-due">
            The plan stays on while the card provider tries again. Update the card in the billing details.
          </Alert>
        ) : null}
        {subscription.cancel_at_period_end && subscription.current_period_end ? (
          <Alert type="info">
            The subscription ends on {formatDate(subscription.current_period_end.slice(0, 10))}; then Starter applies.
          </Alert>
        ) : null}
        <PlanEntitlements
          plan={plan}
          usage={{ max_users: usage.users, max_labels: usage.labels, file_storage_capacity: usage.storage_mib }}
        />
        <Cards<PlanView>
          data-testid="plan-compare"
          header={
            <Header variant="h2" description="Every plan a company may choose, cheapest first.">
              Compare plans
            </Header>
          }
          items={plans}
          trackBy="id"
          cardDefinition={{
            header: (p) => (
              <span data-testid={`plan-card-${p.id}`}>
                {p.name}{' '}
                {p.id === plan.id ? (
                  <Box variant="span" color="text-status-success">
                    (current)
                  </Box>
                ) : null}
              </span>
            ),
            sections: [
              { id: 'price', header: 'Price', content: (p) => priceText(p) },
              {
                id: 'features',
                header: 'Features',
                content: (p) => (
                  <>
                    {PLAN_FEATURES.map((f) => (
                      <div key={f}>{featureLine(p, f)}</div>
                    ))}
                  </>
                ),
              },
              {
                id: 'limits',
                header: 'Limits',
                content: (p) => (
                  <>
                    {PLAN_LIMITS.map((l) => (
                      <div key={l}>{limitLine(p, l)}</div>
                    ))}
                  </>
                ),
              },
              {
                id: 'action',
                content: (p) =>
                  p.id === plan.id ? null : p.amount === 0 ? (
                    // A free plan is not bought: a company reaches it by cancelling its subscription.
                    <RouterLink href={`/user/companies/${encodeURIComponent(companyId)}/billing`}>
                      Cancel the subscription to move to {p.name}
                    </RouterLink>
                  ) : (
                    <Button
                      variant={p.rank > plan.rank ? 'primary' : 'normal'}
                      loading={starting === p.id}
                      disabled={starting !== null}
                      onClick={() => void choose(p)}
                      data-testid={`plan-upgrade-${p.id}`}
                    >
                      {p.rank > plan.rank ? `Upgrade to ${p.name}` : `Change to ${p.name}`}
                    </Button>
                  ),
              },
            ],
          }}
        />
      </SpaceBetween>
    </ContentLayout>
  );
}

/** /user/companies/{companyId}/plan (UserCompanyPlan): what the plan includes, its usage, the plans to compare. */
export function CompanyPlanPage() {
  const { companyId = '' } = useParams();
  const { data, error, isLoading, mutate } = useApi<CompanyPlanAnswer>('/company/plan', undefined, companyId);
  return (
    <RecordState error={error} isLoading={isLoading} data={data} retry={mutate} errorHeader="Could not load the plan">
      {(answer) => <CompanyPlan companyId={companyId} answer={answer} reload={mutate} />}
    </RecordState>
  );
}
