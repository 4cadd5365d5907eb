import BarChart from '@cloudscape-design/components/bar-chart';
import Box from '@cloudscape-design/components/box';
import LineChart from '@cloudscape-design/components/line-chart';
import PieChart from '@cloudscape-design/components/pie-chart';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import { useMemo, useState } from 'react';
import { RouterLink } from '../../../components/router-link';
import {
  axisMoney,
  formatCount,
  money,
  type PeriodMeasure,
  periodLabel,
  periodSeries,
  pieData,
  type PieMeasure,
  sharePercent,
  yDomainTop,
  type PieDatum,
} from './finance-model';
import type { FinancePeriod, FinanceSlice } from '../../../../../shared/schemas/finance-views';

const empty = (text: string) => (
  <Box textAlign="center" color="inherit">
    {text}
  </Box>
);

/**
 * Figures by pay period as bars or lines (the reader switches), one series per measure. A
 * period's popover shows its exact money and links to the royalties of that period.
 */
export function PeriodChart({
  periods,
  currency,
  measures,
  hrefOf,
  testId,
  height = 240,
  initialKind = 'bar',
}: {
  periods: FinancePeriod[];
  currency: string;
  measures: PeriodMeasure[];
  /** Where a period's lines are; without it (the artist portal: no royalties list) the popover links nowhere. */
  hrefOf?: (period: FinancePeriod) => string;
  testId: string;
  height?: number;
  initialKind?: 'bar' | 'line';
}) {
  const [kind, setKind] = useState<'bar' | 'line'>(initialKind);
  const series = useMemo(() => periodSeries(periods, currency, measures, kind), [periods, currency, measures, kind]);
  const byPeriod = useMemo(() => new Map(periods.map((p) => [p.pay_period, p])), [periods]);
  const common = {
    xScaleType: 'categorical' as const,
    xDomain: periods.map((p) => p.pay_period),
    yDomain: [0, yDomainTop(series)],
    height,
    xTitle: 'Pay period',
    yTitle: currency.toUpperCase(),
    i18nStrings: {
      xTickFormatter: (x: string) => periodLabel(x),
      yTickFormatter: (y: number) => axisMoney(y, currency),
    },
    hideFilter: true,
    hideLegend: measures.length === 1,
    empty: empty('No royalties in this period'),
    detailPopoverFooter: (x: string) => {
      const period = byPeriod.get(x);
      return period && hrefOf ? (
        <RouterLink href={hrefOf(period)} data-testid={`${testId}-drill-${x}`}>
          Show the royalties of {periodLabel(x)}
        </RouterLink>
      ) : null;
    },
  };
  return (
    <div data-testid={testId} data-kind={kind} data-periods={periods.length}>
      <Box float="right">
        <SegmentedControl
          selectedId={kind}
          onChange={({ detail }) => setKind(detail.selectedId as 'bar' | 'line')}
          label="Chart type"
          options={[
            { id: 'bar', text: 'Bars' },
            { id: 'line', text: 'Lines' },
          ]}
        />
      </Box>
      {kind === 'bar' ? (
        <BarChart {...common} series={series.map((s) => ({ ...s, type: 'bar' as const }))} ariaLabel="By pay period" />
      ) : (
        <LineChart
          {...common}
          series={series.map((s) => ({ ...s, type: 'line' as const }))}
          ariaLabel="By pay period"
        />
      )}
    </div>
  );
}

/**
 * Revenue by store or territory as a pie; each segment's popover shows its exact money, lines
 * and share, and links to its royalties. Slices at or below zero are listed, not drawn.
 */
export function SlicePie({
  title,
  slices,
  currency,
  hrefOf,
  testId,
  measure = 'revenue',
  measureLabel = 'Revenue',
  counted,
}: {
  title: string;
  slices: FinanceSlice[];
  /** What a slice is, one and many ("store", "stores"): the donut's middle counts them in these words. */
  counted: [string, string];
  currency: string;
  /** An artist's or payee's own view sizes the stores by their share, beside the "Your share" figure. */
  measure?: PieMeasure;
  measureLabel?: string;
  /** Where a slice's lines are; without it the popover links nowhere (as PeriodChart). */
  hrefOf?: (slice: Pick<FinanceSlice, 'name' | 'royalties_query'>) => string;
  testId: string;
}) {
  const data = useMemo(() => pieData(slices, measure), [slices, measure]);
  return (
    <div data-testid={testId} data-segments={data.length}>
      <PieChart<PieDatum>
        data={data}
        size="medium"
        variant="donut"
        hideFilter
        ariaLabel={title}
        legendTitle={title}
        innerMetricDescription={data.length === 1 ? counted[0] : counted[1]}
        innerMetricValue={String(data.length)}
        segmentDescription={(d) => money(d.money, currency)}
        detailPopoverContent={(d) => [
          { key: measureLabel, value: money(d.money, currency) },
          { key: 'Share', value: sharePercent(d.money, slices, measure) },
          { key: 'Lines', value: formatCount(d.lines) },
        ]}
        detailPopoverFooter={(d) =>
          hrefOf && (
            <RouterLink
              href={hrefOf({ name: d.title, royalties_query: d.royalties_query })}
              data-testid={`${testId}-drill`}
            >
              {/* "Other" is the rest of many slices: its lines are among all of them, which is what it opens. */}
              {d.other ? 'Show all the royalties of the period' : `Show the royalties of ${d.title}`}
            </RouterLink>
          )
        }
        empty={empty('No royalties in this period')}
      />
    </div>
  );
}
