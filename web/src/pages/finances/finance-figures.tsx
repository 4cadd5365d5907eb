import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import type { ReactNode } from 'react';
import { RouterLink } from '../../components/router-link';
import { formatCount, money, royaltiesHref } from './finance-model';
import type { FinanceFigures } from '../../../../shared/schemas/finance-views';

/** One figure: its label, its value as a link to what is behind it, and a note. */
export function Figure({
  label,
  value,
  href,
  testId,
  note,
}: {
  label: string;
  value: string;
  href?: string;
  testId: string;
  note?: ReactNode;
}) {
  return (
    <div>
      <Box variant="awsui-key-label">{label}</Box>
      <Box variant="h2" tagOverride="div">
        {href ? (
          <RouterLink href={href} fontSize="heading-l" data-testid={testId}>
            {value}
          </RouterLink>
        ) : (
          <span data-testid={testId}>{value}</span>
        )}
      </Box>
      {note ? (
        <Box variant="small" color="text-body-secondary">
          {note}
        </Box>
      ) : null}
    </div>
  );
}

/**
 * The ledger's figures for a range (revenue, label share of which artists, aggregator fee,
 * lines), each a link to the royalties list behind it.
 */
export function RoyaltyFigures({
  figures,
  currency,
  royaltiesPage,
  royaltiesQuery,
  testId = 'finances',
}: {
  figures: FinanceFigures;
  currency: string;
  royaltiesPage: string;
  royaltiesQuery: string;
  testId?: string;
}) {
  const href = royaltiesHref(royaltiesPage, royaltiesQuery);
  return (
    <ColumnLayout columns={5} variant="text-grid">
      <Figure
        label="Revenue"
        value={money(figures.revenue, currency)}
        href={href}
        testId={`${testId}-revenue`}
        note="What the stores paid"
      />
      <Figure
        label="Label share"
        value={money(figures.label_share, currency)}
        href={href}
        testId={`${testId}-label-share`}
        note="By the labels' deals"
      />
      <Figure
        label="Artist share"
        value={money(figures.artist_share, currency)}
        href={href}
        testId={`${testId}-artist-share`}
        note="Part of the label share owed to artists"
      />
      <Figure
        label="Aggregator fee"
        value={money(figures.aggregator_fee, currency)}
        href={href}
        testId={`${testId}-aggregator-fee`}
        note="The distributor's cut"
      />
      <Figure
        label="Lines"
        value={formatCount(figures.lines)}
        href={href}
        testId={`${testId}-lines`}
        note={`${formatCount(figures.quantity)} units`}
      />
    </ColumnLayout>
  );
}
