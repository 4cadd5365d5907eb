import BarChart from '@cloudscape-design/components/bar-chart';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import Popover from '@cloudscape-design/components/popover';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { ReactNode } from 'react';
import { summaryFigures } from '../../../../shared/royalty-figures';
import { formatCount, periodTotalSeries } from './royalty-model';
import { periodLabel } from '../money/finances/finance-model';
import { formatMoney } from '../../../../shared/money';
import type { RoyaltyList } from '../../../../shared/schemas/royalty-views';

type Summary = Pick<
  RoyaltyList,
  | 'total_sum'
  | 'artist_sum'
  | 'unaccountable_sum'
  | 'label_sum'
  | 'aggregator_sum'
  | 'estimated'
  | 'currency'
  | 'total_count'
  | 'pay_periods'
  | 'unconverted_count'
>;

function Figure({ label, value, testId, note }: { label: string; value: string; testId: string; note?: ReactNode }) {
  return (
    <div>
      <Box variant="awsui-key-label">{label}</Box>
      <Box variant="h2" tagOverride="div">
        <span data-testid={testId}>{value}</span>
      </Box>
      {note ? (
        <Box variant="small" color="text-body-secondary">
          {note}
        </Box>
      ) : null}
    </div>
  );
}

/** What the four sums are and how they relate: the answer to "why do these not add up?". */
function HowFiguresRelate() {
  return (
    <Popover
      header="How the figures relate"
      size="large"
      triggerType="custom"
      content={
        <SpaceBetween size="xs">
          <Box>
            <b>Total</b> is what the stores paid for these lines, in the company&apos;s currency.
          </Box>
          <Box>
            The <b>aggregator</b> (the distributor) keeps its cut; the rest is the <b>label share</b>, by the
            label&apos;s deal: Total = Aggregator + Label share.
          </Box>
          <Box>
            The <b>payees and artists</b> part is not an extra amount: it is the part of the label share owed to the
            recordings&apos; payees and artists by their shares today, exactly as a statement run would pay it. What no
            one is entitled to (lines without payees, artists or release terms) is shown when there is some; the label
            keeps the rest.
          </Box>
          <Box>
            The ledger keeps 6 decimals; the figures are rounded to the penny so that they add up as shown. Lines
            without an exchange rate are in none of the sums until a rate is added.
          </Box>
        </SpaceBetween>
      }
    >
      <Link variant="info" data-testid="royalties-summary-info">
        Info
      </Link>
    </Popover>
  );
}

/**
 * The sums of every line matching the filter (not only this page), how they relate
 * (Total = Aggregator + Label share, of which payees and artists), and the total by pay period.
 */
export function RoyaltySummary({
  data,
  period,
  failed = false,
}: {
  data: Summary | null;
  period: string;
  /** The list's call failed (the table beside shows why, with a retry): the chart says so instead of loading on. */
  failed?: boolean;
}) {
  // The server names the company's currency; no currency is assumed while it loads.
  const currency = data?.currency ?? null;
  const estimated = data?.estimated;
  const periods = data?.pay_periods ?? [];
  const figures = data ? summaryFigures(data) : null;
  const money = (value: string | undefined) => (value === undefined ? '…' : formatMoney(value, currency));
  const unconverted = data?.unconverted_count ?? 0;
  return (
    <Container
      header={
        <Header
          variant="h2"
          info={<HowFiguresRelate />}
          description={
            <span>
              <span data-testid="royalties-summary-period">{period}</span> · every line matching the filters
            </span>
          }
        >
          Summary
        </Header>
      }
      data-testid="royalties-summary"
    >
      <SpaceBetween size="l">
        <ColumnLayout columns={5} variant="text-grid">
          <Figure label="Total" value={money(figures?.total)} testId="royalties-total" note="What the stores paid" />
          <Figure
            label="Aggregator"
            value={money(figures?.aggregator)}
            testId="royalties-aggregator-sum"
            note="The distributor's cut"
          />
          <Figure
            label="Label share"
            value={money(figures?.label)}
            testId="royalties-label-sum"
            note={
              <span>
                of which payees and artists <span data-testid="royalties-artist-sum">{money(figures?.artists)}</span>,
                the label keeps <span data-testid="royalties-label-keeps">{money(figures?.label_keeps)}</span>
                {figures && figures.unaccountable !== '0.00' ? (
                  <span>
                    , no one is entitled to{' '}
                    <span data-testid="royalties-unaccountable">{money(figures.unaccountable)}</span>
                  </span>
                ) : null}
              </span>
            }
          />
          <Figure
            label="Estimated"
            value={data ? (typeof estimated === 'number' ? String(estimated) : formatMoney(estimated, currency)) : '…'}
            testId="royalties-estimated"
          />
          <Figure label="Lines" value={data ? String(data.total_count) : '…'} testId="royalties-count" />
        </ColumnLayout>
        {figures ? (
          <Box variant="small" data-testid="royalties-equation">
            Total {money(figures.total)} = Aggregator {money(figures.aggregator)} + Label share {money(figures.label)}{' '}
            (of which payees and artists {money(figures.artists)})
          </Box>
        ) : null}
        {figures && !figures.adds_up ? (
          <StatusIndicator type="warning">
            The aggregator&apos;s and label&apos;s sums do not add up to the total for these lines: check edited lines.
          </StatusIndicator>
        ) : null}
        {figures && !figures.artists_within_label ? (
          <StatusIndicator type="warning">
            The artists&apos; part exceeds the label share for these lines: check edited lines and payee shares.
          </StatusIndicator>
        ) : null}
        {unconverted > 0 ? (
          <StatusIndicator type="info">
            {formatCount(unconverted)} line{unconverted === 1 ? '' : 's'} without an exchange rate{' '}
            {unconverted === 1 ? 'is' : 'are'} in none of these sums
          </StatusIndicator>
        ) : null}
        <div data-testid="royalties-chart">
          <BarChart
            series={periodTotalSeries(periods, currency)}
            xScaleType="categorical"
            // Months as the finances charts write them ("Sep 2026"), not as stored ("2026-09").
            i18nStrings={{ xTickFormatter: (x) => periodLabel(String(x)) }}
            xTitle="Pay period"
            yTitle={currency ? `Total (${currency})` : 'Total'}
            height={160}
            hideFilter
            hideLegend
            ariaLabel="Total by pay period"
            empty={
              <Box textAlign="center" color="inherit">
                No royalties in this period
              </Box>
            }
            statusType={data ? 'finished' : failed ? 'error' : 'loading'}
            loadingText="Loading"
            errorText="The sums could not be loaded"
          />
        </div>
      </SpaceBetween>
    </Container>
  );
}
