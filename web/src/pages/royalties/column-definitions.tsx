import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import type { ReactNode } from 'react';
import { RouterLink } from '../../components/router-link';
import { StatusBadge } from '../../components/status-badge';
import { royaltyEditPage } from './royalties-api';
import { formatCount, royaltyTitle } from './royalty-model';
import { periodLabel } from '../money/finances/finance-model';
import { formatMoney } from '../../../../shared/money';
import type { Royalty } from '../../../../shared/schemas/royalty-views';

const money = (value: string | null, currency: string | null) => (
  <Box textAlign="right">{formatMoney(value, currency)}</Box>
);

/** A cell's second line: what belongs with the first (the song's artist, the store's territory), smaller and grey. */
const second = (text: ReactNode) => (
  <Box variant="small" color="text-body-secondary">
    {text}
  </Box>
);

/**
 * The royalties table's columns; sortable ones carry the API's sort_field names. What belongs together shares a cell
 * (a month with the report's line; a song with its artist, ISRC and licence; a store with its territory; the amount
 * with what the report said), so
 * that every column fits a laptop's width (1,400 px) without scrolling sideways.
 */
export const ROYALTY_COLUMNS: TableProps.ColumnDefinition<Royalty>[] = [
  {
    id: 'pay_period',
    header: 'Period',
    sortingField: 'pay_period',
    // The report's line under its month: where the line came from, without a column of its own.
    cell: (r) => (
      <>
        {periodLabel(r.pay_period)}
        {r.line ? second(`Line ${r.line}`) : null}
      </>
    ),
  },
  {
    id: 'song',
    header: 'Song',
    sortingField: 'song',
    isRowHeader: true,
    cell: (r) => (
      <>
        <RouterLink href={royaltyEditPage(r.id)} data-testid={`royalty-link-${r.id}`}>
          {royaltyTitle(r)}
        </RouterLink>
        {second(r.artist ?? '-')}
        {r.isrc ? second(r.isrc) : null}
        {/* A licence's fee or advance names its licence, opening it; other lines come from no licence. */}
        {r.license
          ? second(
              <>
                Licence:{' '}
                <RouterLink
                  href={`/user/licensing/${encodeURIComponent(r.license.id)}`}
                  data-testid={`royalty-license-${r.id}`}
                >
                  {r.license.name}
                </RouterLink>
              </>,
            )
          : null}
      </>
    ),
  },
  { id: 'album', header: 'Album', sortingField: 'album', cell: (r) => r.album ?? '-' },
  { id: 'label_name', header: 'Label', sortingField: 'label_name', cell: (r) => r.label_name ?? '-' },
  {
    id: 'retailer',
    header: 'Retailer',
    sortingField: 'retailer',
    cell: (r) => (
      <>
        {r.retailer ?? '-'}
        {r.territory ? second(r.territory) : null}
      </>
    ),
  },
  {
    id: 'quantity',
    header: 'Units',
    sortingField: 'quantity',
    cell: (r) => <Box textAlign="right">{formatCount(r.quantity ?? 0)}</Box>,
  },
  {
    id: 'amount',
    header: 'Amount',
    sortingField: 'amount',
    // What the report said, in its own currency, under the amount when it reads otherwise (another currency).
    cell: (r) => {
      const reported = formatMoney(r.subtotal_payable, r.currency);
      const amount = formatMoney(r.amount, r.company_currency);
      return (
        <Box textAlign="right">
          {amount}
          {reported !== amount ? second(`Reported ${reported}`) : null}
        </Box>
      );
    },
  },
  { id: 'label_payable', header: 'Label share', cell: (r) => money(r.label_payable, r.company_currency) },
  {
    id: 'state',
    header: 'Paid',
    // One badge under another: side by side they ran past the column and were cut ("Artist unpaic"). Each says its
    // state with a capital, as every other status badge does ("Unpaid" on a statement).
    cell: (r) => (
      <SpaceBetween size="xxxs">
        <StatusBadge word={r.paid ? 'complete' : 'pending'}>{r.paid ? 'Paid' : 'Unpaid'}</StatusBadge>
        <StatusBadge word={r.artist_paid ? 'complete' : 'pending'}>
          {r.artist_paid ? 'Artist paid' : 'Artist unpaid'}
        </StatusBadge>
        {r.estimated ? <StatusBadge word="queued">Estimated</StatusBadge> : null}
        {r.manual ? <StatusBadge word="invited">Manual</StatusBadge> : null}
      </SpaceBetween>
    ),
  },
];
