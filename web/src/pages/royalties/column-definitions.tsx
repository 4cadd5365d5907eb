import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import { RouterLink } from '../../components/router-link';
import { StatusBadge } from '../../components/status-badge';
import { royaltyEditPage } from './royalties-api';
import { royaltyTitle } from './royalty-model';
import { periodLabel } from '../money/finances/finance-model';
import { formatMoney } from '../../../../shared/money';
import type { Royalty } from '../../../../shared/schemas/royalty-views';

const money = (value: string | null, currency: string | null) => (
  <Box textAlign="right">{formatMoney(value, currency)}</Box>
);

/** The royalties table's columns; sortable ones carry the API's sort_field names. */
export const ROYALTY_COLUMNS: TableProps.ColumnDefinition<Royalty>[] = [
  { id: 'pay_period', header: 'Period', sortingField: 'pay_period', cell: (r) => periodLabel(r.pay_period) },
  {
    id: 'song',
    header: 'Song',
    sortingField: 'song',
    isRowHeader: true,
    cell: (r) => (
      <RouterLink href={royaltyEditPage(r.id)} data-testid={`royalty-link-${r.id}`}>
        {royaltyTitle(r)}
      </RouterLink>
    ),
  },
  { id: 'artist', header: 'Artist', sortingField: 'artist', cell: (r) => r.artist ?? '-' },
  { id: 'album', header: 'Album', sortingField: 'album', cell: (r) => r.album ?? '-' },
  { id: 'isrc', header: 'ISRC', sortingField: 'isrc', cell: (r) => r.isrc ?? '-' },
  { id: 'label_name', header: 'Label', sortingField: 'label_name', cell: (r) => r.label_name ?? '-' },
  { id: 'retailer', header: 'Retailer', sortingField: 'retailer', cell: (r) => r.retailer ?? '-' },
  {
    // A licence's fee or advance names its licence, opening it; other lines come from no licence.
    id: 'license',
    header: 'Licence',
    cell: (r) =>
      r.license ? (
        <RouterLink
          href={`/user/licensing/${encodeURIComponent(r.license.id)}`}
          data-testid={`royalty-license-${r.id}`}
        >
          {r.license.name}
        </RouterLink>
      ) : (
        '-'
      ),
  },
  { id: 'territory', header: 'Territory', sortingField: 'territory', cell: (r) => r.territory ?? '-' },
  {
    id: 'quantity',
    header: 'Quantity',
    sortingField: 'quantity',
    cell: (r) => <Box textAlign="right">{r.quantity ?? 0}</Box>,
  },
  { id: 'subtotal', header: 'Reported', cell: (r) => money(r.subtotal_payable, r.currency) },
  { id: 'amount', header: 'Amount', sortingField: 'amount', cell: (r) => money(r.amount, r.company_currency) },
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
  { id: 'line', header: 'Line', sortingField: 'line', cell: (r) => r.line ?? '-' },
];
