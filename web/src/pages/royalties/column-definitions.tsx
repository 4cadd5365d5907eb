import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import { CellNote } from '../../components/cell-note';
import { RouterLink } from '../../components/router-link';
import { StatusBadge } from '../../components/status-badge';
import { royaltyEditPage } from './royalties-api';
import { formatCount, royaltyTitle } from './royalty-model';
import { periodLabel } from '../money/finances/finance-model';
import { formatMoney } from '../../../../shared/money';
import type { Royalty } from '../../../../shared/schemas/royalty-views';
import { territoryWords } from '../../../../shared/territories';

type Column = TableProps.ColumnDefinition<Royalty>;

const money = (value: string | null, currency: string | null) => (
  <Box textAlign="right">{formatMoney(value, currency)}</Box>
);

/** A line's units as a count: "123,456". */
const units = (r: Royalty) => formatCount(r.quantity ?? 0);

/** The report's line under its month: where the line came from, without a column of its own. */
const PERIOD: Column = {
  id: 'pay_period',
  header: 'Period',
  sortingField: 'pay_period',
  cell: (r) => (
    <>
      {periodLabel(r.pay_period)}
      {r.line ? <CellNote>Line {r.line}</CellNote> : null}
    </>
  ),
};

/** The song with its artist, ISRC and licence; in a narrow table its album and label too (`more`). */
const song = (more: boolean): Column => ({
  id: 'song',
  header: 'Song',
  sortingField: 'song',
  isRowHeader: true,
  cell: (r) => (
    <>
      <RouterLink href={royaltyEditPage(r.id)} data-testid={`royalty-link-${r.id}`}>
        {royaltyTitle(r)}
      </RouterLink>
      <CellNote>{r.artist ?? '-'}</CellNote>
      {more && r.album ? <CellNote>Album: {r.album}</CellNote> : null}
      {more && r.label_name ? <CellNote>Label: {r.label_name}</CellNote> : null}
      {r.isrc ? <CellNote>{r.isrc}</CellNote> : null}
      {/* A licence's fee or advance names its licence, opening it; other lines come from no licence. */}
      {r.license ? (
        <CellNote>
          Licence:{' '}
          <RouterLink
            href={`/user/licensing/${encodeURIComponent(r.license.id)}`}
            data-testid={`royalty-license-${r.id}`}
          >
            {r.license.name}
          </RouterLink>
        </CellNote>
      ) : null}
    </>
  ),
});

/** The store with the territory it sold in, in words ("United Kingdom"); in a narrow table the units sold too. */
const retailer = (more: boolean): Column => ({
  id: 'retailer',
  header: 'Retailer',
  sortingField: 'retailer',
  cell: (r) => (
    <>
      {r.retailer ?? '-'}
      {r.territory ? <CellNote testId={`royalty-territory-${r.id}`}>{territoryWords(r.territory)}</CellNote> : null}
      {more ? <CellNote>{units(r)} units</CellNote> : null}
    </>
  ),
});

/** The paid marks, one badge under another (side by side they ran past the column: "Artist unpaic"). */
const states = (r: Royalty) => (
  <SpaceBetween size="xxxs">
    <StatusBadge word={r.paid ? 'complete' : 'pending'}>{r.paid ? 'Paid' : 'Unpaid'}</StatusBadge>
    <StatusBadge word={r.artist_paid ? 'complete' : 'pending'}>
      {r.artist_paid ? 'Artist paid' : 'Artist unpaid'}
    </StatusBadge>
    {r.estimated ? <StatusBadge word="queued">Estimated</StatusBadge> : null}
    {r.manual ? <StatusBadge word="invited">Manual</StatusBadge> : null}
  </SpaceBetween>
);

/**
 * The amount, with what the report said in its own currency under it when it reads otherwise; in a narrow table the
 * label's share and the paid marks too, so that no figure of the line is off the page.
 */
const amount = (more: boolean): Column => ({
  id: 'amount',
  header: 'Amount',
  sortingField: 'amount',
  cell: (r) => {
    const reported = formatMoney(r.subtotal_payable, r.currency);
    const total = formatMoney(r.amount, r.company_currency);
    return (
      <SpaceBetween size="xxs" alignItems="end">
        <Box textAlign="right">
          {total}
          {reported !== total ? <CellNote>Reported {reported}</CellNote> : null}
          {more ? <CellNote>Label share {formatMoney(r.label_payable, r.company_currency)}</CellNote> : null}
        </Box>
        {more ? states(r) : null}
      </SpaceBetween>
    );
  },
});

/**
 * The royalties table's columns where it has a laptop's room (1,400 px); sortable ones carry the API's sort_field
 * names. What belongs together shares a cell (a month with the report's line; a song with its artist, ISRC and
 * licence; a store with its territory; the amount with what the report said), so every column fits without
 * scrolling sideways.
 */
export const ROYALTY_COLUMNS: Column[] = [
  PERIOD,
  song(false),
  { id: 'album', header: 'Album', sortingField: 'album', cell: (r) => r.album ?? '-' },
  { id: 'label_name', header: 'Label', sortingField: 'label_name', cell: (r) => r.label_name ?? '-' },
  retailer(false),
  {
    id: 'quantity',
    header: 'Units',
    sortingField: 'quantity',
    cell: (r) => <Box textAlign="right">{units(r)}</Box>,
  },
  amount(false),
  { id: 'label_payable', header: 'Label share', cell: (r) => money(r.label_payable, r.company_currency) },
  { id: 'state', header: 'Paid', cell: states },
];

/**
 * The same lines in a narrower table (a 1,000 px window with the side menu open): four columns beside the selection, the album and label
 * under the song, the units under the store, the label's share and the paid marks under the amount. Every figure
 * stays on the page; only the columns to sort by album, label or units are the wide table's alone.
 */
export const NARROW_ROYALTY_COLUMNS: Column[] = [PERIOD, song(true), retailer(true), amount(true)];
