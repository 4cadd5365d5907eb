import Checkbox from '@cloudscape-design/components/checkbox';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useMemo, useState, type ReactNode } from 'react';
import { pickerSource, RecordPicker } from '../../../components/record-picker';
import { ServerTable } from '../../../components/server-table';
import { useServerList } from '../../../components/use-server-list';
import { StatementBulkActions } from './statement-bulk-actions';
import { statementColumns } from './statement-columns';
import { EMPTY_STATEMENT_FILTER, type StatementFilter } from './statement-model';
import { statementsPath, useStatementPages } from './statements-api';
import type { StatementList, StatementRow } from '../../../../../shared/schemas/statement-views';

const labelPicker = pickerSource('labels');
const PAID_OPTIONS = [
  { value: '', label: 'Paid or not' },
  { value: 'true', label: 'Paid' },
  { value: 'false', label: 'Unpaid' },
];
const TYPE_OPTIONS = [
  { value: '', label: 'Any type' },
  { value: 'Statement', label: 'Payee statements' },
  { value: 'DistributionStatement', label: 'Distribution statements' },
];

/** The list's filters: due, paid, label and type (those the page fixes are not offered). */
function StatementFilters({
  filter,
  fixed,
  onChange,
}: {
  filter: StatementFilter;
  fixed: Partial<StatementFilter>;
  onChange: (next: StatementFilter) => void;
}) {
  const set = <K extends keyof StatementFilter>(key: K, value: StatementFilter[K]) =>
    onChange({ ...filter, [key]: value });
  return (
    <SpaceBetween direction="horizontal" size="xs" alignItems="center">
      <Checkbox
        checked={filter.due}
        onChange={({ detail }) => set('due', detail.checked)}
        data-testid="statements-filter-due"
      >
        Due for payment
      </Checkbox>
      <Select
        selectedOption={PAID_OPTIONS.find((o) => o.value === filter.paid) ?? PAID_OPTIONS[0]}
        options={PAID_OPTIONS}
        onChange={({ detail }) => set('paid', (detail.selectedOption.value ?? '') as StatementFilter['paid'])}
        ariaLabel="Filter by paid state"
        data-testid="statements-filter-paid"
      />
      {'label' in fixed ? null : (
        <div style={{ minWidth: 180 }}>
          <RecordPicker
            source={labelPicker}
            value={filter.label}
            onChange={(label) => set('label', label)}
            testId="statements-filter-label"
            placeholder="Any label"
          />
        </div>
      )}
      {'type' in fixed ? null : (
        <Select
          selectedOption={TYPE_OPTIONS.find((o) => o.value === filter.type) ?? TYPE_OPTIONS[0]}
          options={TYPE_OPTIONS}
          onChange={({ detail }) => set('type', (detail.selectedOption.value ?? '') as StatementFilter['type'])}
          ariaLabel="Filter by type"
          data-testid="statements-filter-type"
        />
      )}
    </SpaceBetween>
  );
}

/**
 * The statements on the server's pages (GET statements: page, per_page, sort, q, due, paid,
 * label_id, type), with the bulk actions when `selectable`. `fixed` pins filters a page
 * implies (a label's distribution statements).
 */
export function StatementsTable({
  tableId,
  title,
  description,
  selectable,
  fixed = {},
  headerActions,
}: {
  tableId: string;
  /** The page's one heading: the table's (a page with this table gives it no heading of its own). */
  title: string;
  description?: ReactNode;
  selectable: boolean;
  fixed?: Partial<StatementFilter>;
  headerActions?: ReactNode;
}) {
  const pages = useStatementPages();
  const [chosen, setFilter] = useState<StatementFilter>(EMPTY_STATEMENT_FILTER);
  const fixedKey = JSON.stringify(fixed);
  // biome-ignore lint/correctness/useExhaustiveDependencies: fixedKey stands for `fixed` (a new object each render).
  const filter = useMemo(() => ({ ...chosen, ...fixed }), [chosen, fixedKey]);
  const buildPath = useMemo(
    () => (params: Parameters<typeof statementsPath>[0]) => statementsPath(params, filter),
    [filter],
  );
  const list = useServerList<StatementList>({
    storageId: 'statements',
    buildPath,
    filterKey: JSON.stringify(filter),
    defaultSort: { field: 'created_at', order: 'desc' },
  });
  const columns = useMemo(() => statementColumns(pages), [pages]);
  return (
    <ServerTable<StatementRow>
      tableId={tableId}
      title={title}
      description={description}
      resourceName="statement"
      // Names and periods wrap, so every column shows in a 1,000 px window with the side menu open.
      wrapLines
      columns={columns}
      collection="statements"
      trackBy="id"
      list={list}
      emptyNote="A statement run makes them: choose the period, preview what each payee is owed, then publish."
      filters={<StatementFilters filter={filter} fixed={fixed} onChange={setFilter} />}
      selectionType={selectable ? 'multi' : undefined}
      actions={(context) => (
        <SpaceBetween direction="horizontal" size="xs">
          {selectable ? (
            <StatementBulkActions
              context={context}
              onDone={() => {
                list.setPage(1);
                list.setSort({ field: 'created_at', order: 'desc' });
              }}
            />
          ) : null}
          {headerActions}
        </SpaceBetween>
      )}
    />
  );
}
