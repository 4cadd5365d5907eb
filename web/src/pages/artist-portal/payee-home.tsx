import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useParams, useSearchParams } from 'react-router';
import { Figure } from '../money/finances/finance-figures';
import { money } from '../money/finances/finance-model';
import { LoadState } from '../money/finances/period-views';
import { DeadLinkGate, TokenStatements, useTokenApi } from './portal-parts';
import type { PayeeHome } from '../../../../shared/schemas/artist-portal';

const enc = encodeURIComponent;

function usePayeeHome() {
  const { payeeId = '' } = useParams();
  const [params] = useSearchParams();
  const query = `token=${enc(params.get('token') ?? '')}`;
  return { base: `/payee_home/${enc(payeeId)}`, query };
}

/** The payee, the label and the balance: what the label owes now, as its own accounting page shows it. */
function Balance({ home }: { home: PayeeHome }) {
  const m = (v: string) => money(v, home.balance.currency);
  return (
    <Container
      header={
        <Header variant="h2" description={home.payee.company_name}>
          {home.payee.name}
        </Header>
      }
    >
      <ColumnLayout columns={3} variant="text-grid">
        <Figure
          label="Balance"
          value={m(home.balance.balance)}
          testId="payee-home-balance"
          note="What the label owes you now"
        />
        <Figure label="Last statement" value={m(home.balance.last_closing_balance)} testId="payee-home-last" />
        <Figure label="Since the last statement" value={m(home.balance.pending)} testId="payee-home-pending" />
      </ColumnLayout>
    </Container>
  );
}

function Statements() {
  const { base, query } = usePayeeHome();
  return <TokenStatements base={base} query={query} />;
}

/**
 * /payees/:payeeId?token= (PayeeHome): a payee's balance and statements with their PDF and CSV, for whoever holds
 * the link the label sent (docs/artist-portal.md, "Payees by link"); no header or side menu.
 */
export function PayeeHomePage() {
  const { base, query } = usePayeeHome();
  const load = useTokenApi<PayeeHome>(`${base}?${query}`);
  return (
    <ContentLayout header={<Header variant="h1">Your statements</Header>}>
      <div data-testid="payee-home">
        <DeadLinkGate load={load} opens="a payee’s statements">
          <SpaceBetween size="l">
            <LoadState load={load} errorHeader="Could not load your balance">
              {(home) => <Balance home={home} />}
            </LoadState>
            <Statements />
          </SpaceBetween>
        </DeadLinkGate>
      </div>
    </ContentLayout>
  );
}
