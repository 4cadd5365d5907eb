import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import { notify, notifyError } from '../../app/notifications';
import { FormattedDate, FormattedDateTime } from '../../components/formatted';
import { RecordState } from '../../components/record-state';
import { RouterLink } from '../../components/router-link';
import { billingApi, useBillingOverview, type BillingOverview } from './billing-api';
import { displayLabel } from '../../app/display-labels';
import { priceText } from '../admin/subscriptions/subscription-model';
import { couponTerms, eventWords, providerWords } from './billing-model';
import { EmailAddress } from '../../components/email-address';
import { WrapAt } from '../../components/wrap-at';
import { CellNote } from '../../components/cell-note';

const empty = (what: string) => <Box color="text-body-secondary">No {what}</Box>;

/** A company by its name, linked to its admin page as the admin's other lists of companies link it. */
function CompanyLink({ id, name }: { id: string; name: string | null }) {
  if (!name) return <>A deleted company</>;
  return <RouterLink href={`/admin/companies/${encodeURIComponent(id)}`}>{name}</RouterLink>;
}

/** "Renew now" (the card decides) and "Fail next payment": the local provider's clock, by hand. */
function RenewButtons({ companyId, onDone }: { companyId: string; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const renew = async (outcome?: 'failed') => {
    setBusy(true);
    try {
      const { result } = await billingApi.renew(companyId, outcome);
      notify('notification', `Renewal: ${result}`);
      onDone();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <SpaceBetween direction="horizontal" size="xs">
      <Button variant="inline-link" disabled={busy} onClick={() => void renew()} data-testid={`renew-${companyId}`}>
        Renew now
      </Button>
      <Button
        variant="inline-link"
        disabled={busy}
        onClick={() => void renew('failed')}
        data-testid={`fail-${companyId}`}
      >
        Fail next payment
      </Button>
    </SpaceBetween>
  );
}

function Dashboard({ overview, reload }: { overview: BillingOverview; reload: () => void }) {
  const local = overview.provider === 'local';
  return (
    <SpaceBetween size="l">
      <Table
        wrapLines
        header={<Header variant="h2">Billing plans</Header>}
        items={overview.plans}
        empty={empty('plans')}
        columnDefinitions={[
          { id: 'name', header: 'Plan', cell: (plan) => plan.name },
          {
            id: 'price',
            header: 'Price',
            // As the plans' own pages show a price ("Free", "£29.00 / month").
            cell: (plan) => priceText(plan),
          },
          { id: 'public', header: 'Self-service', cell: (plan) => (plan.public ? 'Yes' : 'No') },
          {
            id: 'stripe',
            header: 'Stripe price',
            cell: (plan) => (plan.stripe_id ? <WrapAt text={plan.stripe_id} at={/(?<=_)/} /> : '-'),
          },
        ]}
      />
      <Table
        wrapLines
        header={
          <Header
            variant="h2"
            description={
              local ? 'The local provider renews only when asked: Renew now, or Fail next payment.' : undefined
            }
          >
            Subscriptions
          </Header>
        }
        items={overview.subscriptions}
        empty={empty('subscriptions')}
        data-testid="billing-subscriptions"
        columnDefinitions={[
          // The plan under the company and the provider under the status, so the table fits a 1,000 px window with the
          // side menu open. The plan by its name; one no longer listed by its id, which is all there is to know of it.
          {
            id: 'company',
            header: 'Company',
            cell: (row) => (
              <>
                <CompanyLink id={row.company_id} name={row.company_name} />
                <CellNote>
                  {overview.plans.find((plan) => plan.id === row.plan_id)?.name ?? row.plan_id ?? '-'} plan
                </CellNote>
              </>
            ),
          },
          {
            id: 'status',
            header: 'Status',
            cell: (row) => (
              <>
                {`${row.status ? displayLabel(row.status) : '-'}${row.delinquent ? ' (payment overdue)' : ''}`}
                <CellNote>{providerWords(row.provider)}</CellNote>
              </>
            ),
          },
          {
            id: 'end',
            header: 'Period end',
            cell: (row) => (
              <>
                <FormattedDate value={row.current_period_end} />
                {row.cancel_at_period_end ? ' (cancels)' : ''}
              </>
            ),
          },
          {
            id: 'actions',
            header: 'Actions',
            // Wide enough for both actions on a line: narrower, the buttons broke their words letter by letter.
            minWidth: 240,
            cell: (row) =>
              local && row.provider === 'local' && row.status !== 'canceled' ? (
                <RenewButtons companyId={row.company_id} onDone={reload} />
              ) : null,
          },
        ]}
      />
      <Table
        wrapLines
        header={
          <Header variant="h2" actions={<RouterLink href="/billing/coupons">Manage coupons</RouterLink>}>
            Coupons
          </Header>
        }
        items={overview.coupons}
        empty={empty('coupons')}
        columnDefinitions={[
          { id: 'id', header: 'Code', cell: (coupon) => coupon.id },
          { id: 'terms', header: 'Terms', cell: (coupon) => couponTerms(coupon) },
          { id: 'redeemed', header: 'Redeemed', cell: (coupon) => coupon.times_redeemed },
        ]}
      />
      <Table
        wrapLines
        header={<Header variant="h2">Promo codes</Header>}
        items={overview.promotion_codes}
        empty={empty('promotion codes')}
        columnDefinitions={[
          { id: 'code', header: 'Code', cell: (code) => code.code },
          { id: 'coupon', header: 'Coupon', cell: (code) => code.coupon },
          { id: 'active', header: 'Active', cell: (code) => (code.active ? 'Yes' : 'No') },
        ]}
      />
      <Table
        wrapLines
        header={<Header variant="h2">Customer data</Header>}
        items={overview.customers}
        empty={empty('customers')}
        data-testid="billing-customers"
        columnDefinitions={[
          // The customer is the company, named as people know it: the provider's customer id means nothing to them.
          {
            id: 'customer',
            header: 'Customer',
            isRowHeader: true,
            cell: (row) => <CompanyLink id={row.company_id} name={row.company_name} />,
          },
          {
            id: 'email',
            header: 'Billing e-mail',
            cell: (row) => (row.email ? <EmailAddress email={row.email} /> : '-'),
          },
          { id: 'vat', header: 'VAT ID', cell: (row) => row.business_vat_id ?? '-' },
          { id: 'card', header: 'Card', cell: (row) => row.card ?? '-' },
        ]}
      />
      <Table
        wrapLines
        header={<Header variant="h2">Events</Header>}
        items={overview.events}
        empty={empty('events')}
        data-testid="billing-events"
        columnDefinitions={[
          // When it happened to the minute: a day's events (a checkout, its first invoice) are told apart by time.
          { id: 'created', header: 'Created', cell: (event) => <FormattedDateTime value={event.created} /> },
          { id: 'type', header: 'Type', cell: (event) => eventWords(event.type) },
          {
            id: 'company',
            header: 'Company',
            cell: (event) => <CompanyLink id={event.company_id} name={event.company_name} />,
          },
          { id: 'outcome', header: 'Outcome', cell: (event) => displayLabel(event.outcome ?? 'waiting') },
          { id: 'summary', header: 'Summary', cell: (event) => event.summary ?? '-' },
        ]}
      />
    </SpaceBetween>
  );
}

/**
 * The admin billing dashboard (its tables wrap their lines and long codes, so each fits a 1,000 px window): plans, subscriptions, coupons, promo codes, customers, events. */
export function BillingDashboardPage() {
  const load = useBillingOverview();
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={load.data ? `Provider: ${providerWords(load.data.provider)}` : undefined}>
          Billing
        </Header>
      }
    >
      <RecordState
        error={load.error}
        isLoading={load.isLoading}
        data={load.data}
        retry={load.mutate}
        errorHeader="Could not load billing"
      >
        {(overview) => <Dashboard overview={overview} reload={() => void load.mutate()} />}
      </RecordState>
    </ContentLayout>
  );
}
