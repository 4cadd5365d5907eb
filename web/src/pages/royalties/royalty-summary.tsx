import BarChart from '@cloudscape-design/components/bar-chart';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { formatMoney } from './royalty-model';
import type { RoyaltyList } from '../../../../shared/schemas/royalty-views';

type Summary = Pick<
  RoyaltyList,
  'total_sum' | 'artist_sum' | 'label_sum' | 'aggregator_sum' | 'estimated' | 'currency' | 'total_count' | 'pay_periods'
>;

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Box variant="awsui-key-label">{label}</Box>
      <Box variant="h2" tagOverride="div">
        <span data-testid={testId}>{value}</span>
      </Box>
    </div>
  );
}

/** The sums of every line matching the filter (not only this page) and the total by pay period. */
export function RoyaltySummary({ data }: { data: Summary | null }) {
  const currency = data?.currency ?? 'GBP';
  const estimated = data?.estimated;
  const periods = data?.pay_periods ?? [];
  return (
    <Container
      header={
        <Header variant="h2" description="Every line matching the filters">
          Summary
        </Header>
      }
      data-testid="royalties-summary"
    >
      <SpaceBetween size="l">
        <ColumnLayout columns={6} variant="text-grid">
          <Figure label="Total" value={data ? formatMoney(data.total_sum, currency) : '…'} testId="royalties-total" />
          <Figure
            label="Artist"
            value={data ? formatMoney(data.artist_sum, currency) : '…'}
            testId="royalties-artist-sum"
          />
          <Figure
            label="Label"
            value={data ? formatMoney(data.label_sum, currency) : '…'}
            testId="royalties-label-sum"
          />
          <Figure
            label="Aggregator"
            value={data ? formatMoney(data.aggregator_sum, currency) : '…'}
            testId="royalties-aggregator-sum"
          />
          <Figure
            label="Estimated"
            value={data ? (typeof estimated === 'number' ? String(estimated) : formatMoney(estimated, currency)) : '…'}
            testId="royalties-estimated"
          />
          <Figure label="Lines" value={data ? String(data.total_count) : '…'} testId="royalties-count" />
        </ColumnLayout>
        <div data-testid="royalties-chart">
          <BarChart
            series={[
              {
                title: 'Total',
                type: 'bar',
                data: periods.map((p) => ({ x: p.pay_period, y: Number(p.total) })),
                valueFormatter: (y) => formatMoney(String(y), currency),
              },
            ]}
            xScaleType="categorical"
            xTitle="Pay period"
            yTitle={`Total (${currency})`}
            height={160}
            hideFilter
            hideLegend
            ariaLabel="Total by pay period"
            empty={
              <Box textAlign="center" color="inherit">
                No pay periods
              </Box>
            }
            statusType={data ? 'finished' : 'loading'}
            loadingText="Loading"
          />
        </div>
      </SpaceBetween>
    </Container>
  );
}
