import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import type { ReactNode } from 'react';
import { RouterLink } from '../../../components/router-link';
import { formatCount, money, royaltiesHref } from './finance-model';
import type { FinanceFigures } from '../../../../../shared/schemas/finance-views';

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

/** The money figures of RoyaltyFigures, in order: label, field (its test id with a dash), note. */
const MONEY_FIGURES: [string, 'revenue' | 'label_share' | 'artist_share' | 'aggregator_fee', string][] = [
  ['Revenue', 'revenue', 'What the stores paid'],
  ['Label share', 'label_share', "By the labels' deals"],
  ['Payees and artists', 'artist_share', 'Owed of the label share, as statements pay it'],
  ['Aggregator fee', 'aggregator_fee', "The distributor's cut"],
];
/** The rest of the label share, where the view has it (a company's or a label's, not an account's own). */
const LABEL_SIDE: [string, 'retained' | 'unaccountable', string][] = [
  ['Label keeps', 'retained', 'The rest of the label share'],
  ['No one entitled', 'unaccountable', 'Lines without payees, artists or release terms'],
];

/**
 * The ledger's figures for a range (revenue, label share of which payees and artists, aggregator fee,
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
      {MONEY_FIGURES.map(([label, key, note]) => (
        <Figure
          key={key}
          label={label}
          value={money(figures[key], currency)}
          href={href}
          testId={`${testId}-${key.replace('_', '-')}`}
          note={note}
        />
      ))}
      <Figure
        label="Lines"
        value={formatCount(figures.lines)}
        href={href}
        testId={`${testId}-lines`}
        note={`${formatCount(figures.quantity)} units`}
      />
      {LABEL_SIDE.flatMap(([label, key, note]) => {
        const value = figures[key];
        return value === undefined
          ? []
          : [
              <Figure
                key={key}
                label={label}
                value={money(value, currency)}
                href={href}
                testId={`${testId}-${key}`}
                note={note}
              />,
            ];
      })}
    </ColumnLayout>
  );
}
