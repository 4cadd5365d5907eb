import ColumnLayout from '@cloudscape-design/components/column-layout';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useMemo } from 'react';
import { useAccountFinances } from './finance-api';
import { PeriodChart, SlicePie } from './finance-charts';
import { Figure } from './finance-figures';
import { fillPeriods, money, royaltiesHref, sliceHref } from './finance-model';
import { PeriodContainer } from './period-views';
import { useFinancePages, usePeriod } from './use-period';
import type { AccountFinances } from '../../../../../shared/schemas/finance-views';
import { formatMoneyByCurrency } from '../../../../../shared/money';

function Earnings({ view }: { view: AccountFinances }) {
  const pages = useFinancePages();
  const m = (v: string) => money(v, view.currency);
  const periods = useMemo(
    // A month without lines links with the account's own filter (any period's query, its dates replaced).
    () =>
      fillPeriods(
        view.by_period,
        { start: view.start_date, end: view.end_date },
        view.by_period[0]?.royalties_query ?? view.by_store[0]?.royalties_query ?? '',
      ),
    [view],
  );
  return (
    <SpaceBetween size="l">
      <ColumnLayout columns={4} variant="text-grid">
        <Figure label="Revenue of the lines" value={m(view.totals.revenue)} testId="earnings-revenue" />
        <Figure
          label="Their share"
          value={m(view.totals.artist_share)}
          testId="earnings-share"
          note="Before costs and recoupment"
        />
        <Figure label="Paid in the period" value={m(view.paid)} testId="earnings-paid" />
        <Figure
          label="Owed"
          value={formatMoneyByCurrency(view.owed_by_currency, 'owed', view.currency)}
          testId="earnings-owed"
          note={`Balance ${m(view.balance)}`}
        />
      </ColumnLayout>
      <ColumnLayout columns={2}>
        <PeriodChart
          periods={periods}
          currency={view.currency}
          measures={['artist_share']}
          hrefOf={(p) => royaltiesHref(pages.royalties, p.royalties_query)}
          testId="earnings-by-period"
          height={200}
          initialKind="line"
        />
        <SlicePie
          title="Their share by store"
          counted={['store', 'stores']}
          slices={view.by_store}
          currency={view.currency}
          measure="artist_share"
          measureLabel="Their share"
          hrefOf={(s) => sliceHref(pages.royalties, s)}
          testId="earnings-by-store"
        />
      </ColumnLayout>
    </SpaceBetween>
  );
}

/**
 * A payee's or artist's earnings from the ledger (payees/{id}/finances, artists/{id}/finances)
 * for a period: their share by pay period and by store, what was paid and what is owed.
 */
export function AccountEarnings({ type, id }: { type: 'Payee' | 'Artist'; id: string }) {
  const [period] = usePeriod();
  return (
    <PeriodContainer
      testId="account-earnings"
      title="Earnings"
      description="From the royalty ledger; each period and store links to its lines"
      pickerTestId="earnings-period"
      load={useAccountFinances(type, id, period)}
      errorHeader="Could not load the earnings"
    >
      {(answer) => <Earnings view={answer.finances} />}
    </PeriodContainer>
  );
}
