import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { lazy, Suspense, type ComponentType } from 'react';
import type { AccountType } from '../../../../../shared/schemas/statement-views';
import type { ReferenceConfig } from '../../admin/reference/reference-types';
import { PageButton } from '../../../components/page-button';
import { PayeePortalAccess } from '../../artist-portal/portal-access';
import { formatMoney } from '../../../../../shared/money';
import { useAccountView } from '../expenses/expenses-api';

/**
 * The payout-details panel on the pages of the accounts statements pay (payees, artists, labels),
 * loaded on its own so those pages do not carry the payouts code until one is opened.
 */
const Panel = lazy(() => import('./payout-details-panel'));

/** The masked payout details of one account (a payee, an artist or a label). */
export function PayoutDetails({ type, id }: { type: AccountType; id: string }) {
  return (
    <Suspense fallback={null}>
      <Panel type={type} id={id} />
    </Suspense>
  );
}

type ExtraProps = { config: ReferenceConfig; record: Record<string, unknown> & { id: string } };

/**
 * A catalogue page's `DetailExtra` showing the account's payout details after `Before` (the
 * page's own extra, if any); only on the company's pages (an admin reference page has no company).
 */
export function withPayoutDetails(type: AccountType, Before?: ComponentType<ExtraProps>): ComponentType<ExtraProps> {
  function PayoutExtra(props: ExtraProps) {
    return (
      <>
        {Before ? <Before {...props} /> : null}
        {props.config.endpoint?.companyScoped === false ? null : <PayoutDetails type={type} id={props.record.id} />}
      </>
    );
  }
  return PayoutExtra;
}

const PayeePayout = withPayoutDetails('Payee');

const enc = encodeURIComponent;

/**
 * Where the payee's money is: its account page (balance, entries, statements, payments) and a statement of its own.
 * Without it the payee's page led nowhere an accountant works; the account was reached only from a statement.
 */
function PayeeAccountLinks({ payeeId }: { payeeId: string }) {
  const base = `/user/payees/${enc(payeeId)}`;
  // The balance as the account page states it (the server's one figure), so the payee's page answers "what do we
  // owe them" without opening the account.
  const view = useAccountView('Payee', payeeId).data;
  const m = (value: string) => (view ? formatMoney(value, view.currency) : '');
  return (
    <Container
      data-testid="payee-account-links"
      header={
        <Header
          variant="h2"
          description="Balance, statements, advances and other entries, and payments"
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <PageButton href={`${base}/new_statement`} testId="payee-new-statement">
                New statement
              </PageButton>
              <PageButton href={`${base}/accounting`} variant="primary" testId="payee-account-link">
                Open the account
              </PageButton>
            </SpaceBetween>
          }
        >
          Account
        </Header>
      }
    >
      {view ? (
        <KeyValuePairs
          columns={3}
          items={[
            { label: 'Closing balance of the last statement', value: m(view.last_closing_balance) },
            { label: 'Not yet on a statement', value: m(view.pending) },
            { label: 'Balance', value: <strong data-testid="payee-balance">{m(view.balance)}</strong> },
          ]}
        />
      ) : null}
    </Container>
  );
}

/**
 * The payee page's extra panels (catalogue config `DetailExtra`): its account, how the payee is paid, and beside it
 * the payee's token links to its own statements (on the company's pages only, as the payout details).
 */
export function PayeePayoutExtra(props: ExtraProps) {
  if (props.config.endpoint?.companyScoped === false) return <PayeePayout {...props} />;
  return (
    <SpaceBetween size="l">
      <PayeeAccountLinks payeeId={props.record.id} />
      <PayeePayout {...props} />
      <PayeePortalAccess payeeId={props.record.id} />
    </SpaceBetween>
  );
}
