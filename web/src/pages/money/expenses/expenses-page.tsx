import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useCompanyCurrency } from '../../../app/company-currency';
import { MESSAGES } from '../../../../../shared/messages';
import { notify } from '../../../app/notifications';
import { CellNote } from '../../../components/cell-note';
import { DeleteModal } from '../../../components/delete-modal';
import { FormattedDate } from '../../../components/formatted';
import { LabelFilter } from '../../../components/label-filter';
import { useOnlyLabel } from '../../../components/only-label';
import type { PickedRecord } from '../../../components/record-picker';
import { RouterLink } from '../../../components/router-link';
import { ServerTable } from '../../../components/server-table';
import { StatusBadge } from '../../../components/status-badge';
import { useServerList } from '../../../components/use-server-list';
import { formatMoney } from '../../../../../shared/money';
import { deleteBlocked, type ExpensePages } from './expense-model';
import { expensesApi, expensesPath, useExpensePages, type ExpenseListFilter } from './expenses-api';
import type { Expense, ExpenseList } from '../../../../../shared/schemas/statement-views';
import { formatPercent } from '../../../../../shared/format';
import { ReleasePagesRow } from '../../catalogue/release-pages-row';

const PAID_OPTIONS = [
  { value: '', label: 'Paid or not' },
  { value: 'true', label: 'Paid' },
  { value: 'false', label: 'Unpaid' },
];

/**
 * The expenses table's columns. What belongs together shares a cell (an expense's category under its description, its
 * subtotal and VAT under its total, whether a statement carries it and what is recouped under its paid mark), so that
 * the company's list, with its Label column, fits a laptop's width (1,400 px) and one label's a 1,000 px window,
 * without scrolling sideways.
 */
function expenseColumns(pages: ExpensePages, currency: string | null): TableProps.ColumnDefinition<Expense>[] {
  return [
    { id: 'date', header: 'Date', sortingField: 'date', cell: (e) => <FormattedDate value={e.date} /> },
    {
      id: 'description',
      header: 'Description',
      sortingField: 'description',
      isRowHeader: true,
      cell: (e) => (
        <>
          <RouterLink href={pages.edit(e.id)} data-testid={`expense-link-${e.id}`}>
            {e.description}
          </RouterLink>
          {e.category ? <CellNote>{e.category}</CellNote> : null}
        </>
      ),
    },
    { id: 'supplier', header: 'Supplier', sortingField: 'supplier', cell: (e) => e.supplier ?? '-' },
    // One label's list names its label in the filter above: a column repeating it on every row only pushes the
    // last columns off the page.
    ...(pages.byLabel ? [] : [{ id: 'label', header: 'Label', cell: (e: Expense) => e.label?.name ?? '-' }]),
    {
      id: 'total',
      header: 'Total',
      sortingField: 'total',
      cell: (e) => (
        <Box textAlign="right">
          {formatMoney(e.total, currency)}
          <CellNote>Subtotal {formatMoney(e.subtotal, currency)}</CellNote>
          <CellNote>VAT {formatMoney(e.vat, currency)}</CellNote>
        </Box>
      ),
    },
    {
      id: 'paid',
      header: 'Paid',
      cell: (e) => (
        <>
          <StatusBadge word={e.paid ? 'complete' : 'pending'} testId={`expense-paid-${e.id}`}>
            {e.paid ? 'Paid' : 'Unpaid'}
          </StatusBadge>
          <CellNote testId={`expense-stated-${e.id}`}>
            {e.statement_id ? 'On a statement' : 'Not on a statement'}
          </CellNote>
          <CellNote>
            {e.recoupable
              ? `Recoupable: ${formatPercent(e.recoupable_percentage)} from ${e.payee_name ?? 'the payee'}`
              : 'Not recoupable'}
          </CellNote>
        </>
      ),
    },
  ];
}

/** A label's expenses, where a release's pages link its own (narrowed to it). */
const LABEL_EXPENSES = '/user/labels/finances/expenses';
const TITLES: Record<string, string> = {
  [LABEL_EXPENSES]: 'Label expenses',
  '/user/labels/finances/distribution_expenses': 'Label distribution expenses',
  '/distribution/finances/expenses': 'Distribution expenses',
};

/**
 * The expenses: /distribution/finances/expenses (the company's, filterable by
 * label), /user/labels/finances/expenses and distribution_expenses (one label's: 'No Label
 * Selected' and no call until a label is chosen). Deleting a paid expense is refused here
 * ('You cannot delete a paid expense') without a call.
 */
export function ExpensesPage() {
  const navigate = useNavigate();
  const pages = useExpensePages();
  const [query, setQuery] = useSearchParams();
  const labelId = query.get('label_id');
  const label: PickedRecord | null = labelId ? { id: labelId, name: query.get('label_name') || labelId } : null;
  const [paid, setPaid] = useState<ExpenseListFilter['paid']>('');
  const [deleting, setDeleting] = useState<Expense | null>(null);
  const waitingForLabel = pages.byLabel && !label;
  // Opened from a release's page: that release's expenses only.
  const releaseId = query.get('release_id') ?? undefined;
  const filter: ExpenseListFilter = { label_id: label?.id, paid, release_id: releaseId };
  const filterKey = JSON.stringify(filter);
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey stands for the filter (a new object each render).
  const buildPath = useMemo(
    () => (params: Parameters<typeof expensesPath>[1]) => expensesPath(pages, params, filter),
    [pages.list, filterKey],
  );
  const list = useServerList<ExpenseList>({
    storageId: 'expenses',
    buildPath,
    filterKey,
    defaultSort: { field: 'date', order: 'desc' },
    enabled: !waitingForLabel,
  });
  const currency = useCompanyCurrency();
  const columns = useMemo(() => expenseColumns(pages, currency), [pages, currency]);
  const chooseLabel = useCallback(
    (next: PickedRecord | null) =>
      setQuery(next ? { label_id: next.id, label_name: next.name } : {}, { replace: true }),
    [setQuery],
  );
  // One label's expenses: a company with one label sees them without choosing it.
  useOnlyLabel(label, chooseLabel, pages.byLabel);
  const newPage = label
    ? `${pages.new}?${new URLSearchParams({ label_id: label.id, label_name: label.name })}`
    : pages.new;

  return (
    <ContentLayout>
      <SpaceBetween size="l">
        {waitingForLabel ? (
          <Alert type="info" header={MESSAGES.noLabelSelected} data-testid="expenses-no-label">
            Choose a label to see its expenses.
          </Alert>
        ) : null}
        <ServerTable<Expense>
          tableId="expenses"
          title={TITLES[pages.list] ?? (pages.type === 'DistributionExpense' ? 'Distribution expenses' : 'Expenses')}
          // Opened from a release's pages: the release's other pages, as they link this one.
          description={
            releaseId && pages.list === LABEL_EXPENSES ? (
              <ReleasePagesRow releaseId={releaseId} current="expenses" />
            ) : undefined
          }
          resourceName="expense"
          columns={columns}
          collection="expenses"
          trackBy="id"
          list={list}
          selectionType="single"
          // Long descriptions, suppliers and names wrap, so the last columns stay on the page instead of scrolling off it.
          wrapLines
          filters={
            <SpaceBetween direction="horizontal" size="xs" alignItems="center">
              <LabelFilter
                value={label}
                onChange={chooseLabel}
                testId="expenses-filter-label"
                placeholder={pages.byLabel ? 'Choose a label' : 'Any label'}
              />
              <Select
                selectedOption={PAID_OPTIONS.find((o) => o.value === paid) ?? PAID_OPTIONS[0]}
                options={PAID_OPTIONS}
                onChange={({ detail }) => setPaid((detail.selectedOption.value ?? '') as ExpenseListFilter['paid'])}
                ariaLabel="Filter by paid state"
                data-testid="expenses-filter-paid"
              />
            </SpaceBetween>
          }
          actions={(context) => {
            const chosen = context.selectedItems[0];
            return (
              <SpaceBetween direction="horizontal" size="xs">
                <Button
                  disabled={!chosen}
                  onClick={() => {
                    if (!chosen) return;
                    const blocked = deleteBlocked(chosen);
                    if (blocked) notify('error', blocked);
                    else setDeleting(chosen);
                  }}
                  data-testid="expenses-delete"
                >
                  Delete
                </Button>
                <Button disabled={!chosen} onClick={() => chosen && navigate(pages.edit(chosen.id))}>
                  Edit
                </Button>
                <Button variant="primary" onClick={() => navigate(newPage)} data-testid="expenses-new">
                  New expense
                </Button>
              </SpaceBetween>
            );
          }}
        />
      </SpaceBetween>
      {deleting ? (
        <DeleteModal
          noun="expense"
          plural="expenses"
          names={[deleting.description]}
          run={async (report) =>
            report((await expensesApi.remove(deleting.id)).message ?? `${deleting.description} deleted`)
          }
          onClose={() => setDeleting(null)}
          onDeleted={() => void list.mutate()}
        />
      ) : null}
    </ContentLayout>
  );
}
