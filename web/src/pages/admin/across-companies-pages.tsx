import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Link from '@cloudscape-design/components/link';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../app/api';
import { listPath } from '../../app/list-params';
import { useAdminCompanies } from '../../app/resources';
import type { PageKey } from '../../app/route-table';
import { setCurrentCompany } from '../../app/session';
import { FormattedDate } from '../../components/formatted';
import { ServerTable } from '../../components/server-table';
import { StatusBadge } from '../../components/status-badge';
import { formatMoney } from '../../../../shared/money';
import type { AdminCompanyRow } from '../../../../shared/schemas/company-views';
import type { Expense, StatementRow } from '../../../../shared/schemas/statement-views';
import { Money, PaidBadge } from '../money/statements/statement-badges';
import { statementPeriodWords, statementTitle } from '../money/statements/statement-model';
import type { PoolUpc } from '../distribution/distribution-api';
import { AdminRoyaltiesPage } from './royalties/admin-royalties-pages';

/**
 * The admin and distribution pages over one company's records (statements, payment run, expenses,
 * UPCs, royalties) opened by an admin with no company chosen: instead of sending the admin away,
 * they list every company's rows with a company column and a company filter, paged like every
 * admin list. A row's company (or its number) opens it in that company: the choice becomes the
 * current company, since working on a record (paying, editing) is done in one company.
 */
type CompanyColumns = { company_id: string; company_name: string };
const ALL = { value: '', label: 'All companies' };

/** Makes a company the current one (as the header's chooser does), then opens `path` in it. */
function useEnterCompany() {
  const companies = useAdminCompanies();
  const navigate = useNavigate();
  return async (companyId: string, path?: string) => {
    // The admin list holds its first page of companies (1,000); a company past it is read by its id.
    const chosen =
      companies.data?.companies.find((c) => c.id === companyId) ??
      (await api
        .get<{ company: AdminCompanyRow }>(`/admin/companies/${encodeURIComponent(companyId)}`, { companyId: null })
        .then(
          (answer) => answer.company,
          () => undefined,
        ));
    if (!chosen) return;
    setCurrentCompany({ id: chosen.id, name: chosen.name, tags: chosen.tags ?? [], distributed: chosen.distributed });
    if (path) navigate(path);
  };
}

function companyColumn<T extends CompanyColumns>(
  enter: (companyId: string) => unknown,
): TableProps.ColumnDefinition<T> {
  return {
    id: 'company',
    header: 'Company',
    cell: (row) => (
      <Button variant="inline-link" onClick={() => enter(row.company_id)} data-testid="across-company-link">
        {row.company_name}
      </Button>
    ),
  };
}

function AcrossCompaniesTable<T extends CompanyColumns>({
  tableId,
  title,
  description,
  resourceName,
  collection,
  path,
  trackBy,
  columns,
  defaultSort,
  extra = {},
}: {
  tableId: string;
  title: string;
  description: string;
  resourceName: string;
  collection: string;
  path: string;
  trackBy: keyof T & string;
  columns: TableProps.ColumnDefinition<T>[];
  defaultSort?: { field: string; order: 'asc' | 'desc' };
  extra?: Record<string, string>;
}) {
  const companies = useAdminCompanies();
  const [company, setCompany] = useState(ALL);
  const filter = { ...extra, company: company.value || undefined };
  const options = [ALL, ...(companies.data?.companies ?? []).map((c) => ({ value: c.id, label: c.name }))];
  return (
    <ServerTable<T>
      tableId={tableId}
      title={title}
      description={description}
      resourceName={resourceName}
      columns={columns}
      collection={collection}
      trackBy={trackBy}
      defaultSort={defaultSort}
      buildPath={(params) => listPath(path, params, filter)}
      filterKey={JSON.stringify(filter)}
      filters={
        <FormField label="Company">
          <Select
            selectedOption={company}
            options={options}
            filteringType="auto"
            onChange={({ detail }) =>
              setCompany({ value: detail.selectedOption.value ?? '', label: detail.selectedOption.label ?? '' })
            }
            data-testid="across-company-filter"
          />
        </FormField>
      }
    />
  );
}

type AdminStatement = StatementRow & CompanyColumns;

function StatementsAcross({ detailBase, due }: { detailBase: string; due?: boolean }) {
  const enter = useEnterCompany();
  const columns: TableProps.ColumnDefinition<AdminStatement>[] = [
    companyColumn(enter),
    {
      id: 'number',
      header: 'Number',
      sortingField: 'number',
      isRowHeader: true,
      cell: (s) => <Link onFollow={() => enter(s.company_id, `${detailBase}/${s.id}`)}>{statementTitle(s)}</Link>,
    },
    { id: 'payee_name', header: 'Payee', sortingField: 'payee_name', cell: (s) => s.payee_name },
    { id: 'period', header: 'Period', sortingField: 'end_pay_period', cell: (s) => statementPeriodWords(s) },
    {
      id: 'payable',
      header: 'Payable',
      sortingField: 'payee_total',
      cell: (s) => <Money value={s.payee_total} currency={s.currency} />,
    },
    { id: 'paid', header: 'Paid', cell: (s) => <PaidBadge statement={s} /> },
    {
      id: 'created_at',
      header: 'Created',
      sortingField: 'created_at',
      cell: (s) => <FormattedDate value={s.created_at} />,
    },
  ];
  return (
    <AcrossCompaniesTable<AdminStatement>
      tableId={due ? 'across-payment-run' : 'across-statements'}
      title={due ? 'Payment run' : 'Statements'}
      description={
        due
          ? 'Statements due for payment in every company. Open a company to pay its statements.'
          : 'Every company’s published statements. Open a company to work on its statements.'
      }
      resourceName="statement"
      collection="statements"
      path="/admin/statements"
      trackBy="id"
      columns={columns}
      defaultSort={{ field: 'created_at', order: 'desc' }}
      extra={due ? { due: 'true' } : {}}
    />
  );
}

type AdminExpense = Expense & CompanyColumns;

function ExpensesAcross() {
  const enter = useEnterCompany();
  // Expenses are in their company's currency.
  const companies = useAdminCompanies();
  const currencyOf = (id: string) => companies.data?.companies.find((c) => c.id === id)?.currency ?? null;
  const columns: TableProps.ColumnDefinition<AdminExpense>[] = [
    companyColumn(enter),
    { id: 'date', header: 'Date', sortingField: 'date', cell: (e) => <FormattedDate value={e.date} /> },
    {
      id: 'description',
      header: 'Description',
      sortingField: 'description',
      isRowHeader: true,
      cell: (e) => e.description,
    },
    { id: 'label', header: 'Label', cell: (e) => e.label?.name ?? '-' },
    {
      id: 'total',
      header: 'Total',
      sortingField: 'total',
      cell: (e) => <Box textAlign="right">{formatMoney(e.total, currencyOf(e.company_id))}</Box>,
    },
    {
      id: 'paid',
      header: 'Paid',
      cell: (e) => <StatusBadge word={e.paid ? 'complete' : 'pending'}>{e.paid ? 'Paid' : 'Unpaid'}</StatusBadge>,
    },
  ];
  return (
    <AcrossCompaniesTable<AdminExpense>
      tableId="across-expenses"
      title="Expenses"
      description="Every company’s expenses. Open a company to add or change its expenses."
      resourceName="expense"
      collection="expenses"
      path="/admin/expenses"
      trackBy="id"
      columns={columns}
      defaultSort={{ field: 'date', order: 'desc' }}
    />
  );
}

type AdminUpc = PoolUpc & CompanyColumns;

function UpcsAcross() {
  const enter = useEnterCompany();
  const columns: TableProps.ColumnDefinition<AdminUpc>[] = [
    companyColumn(enter),
    { id: 'upc', header: 'UPC', isRowHeader: true, sortingField: 'upc', cell: (u) => u.upc },
    { id: 'status', header: 'Status', sortingField: 'status', cell: (u) => <StatusBadge word={u.status} /> },
    {
      id: 'linked_at',
      header: 'Linked',
      sortingField: 'linked_at',
      cell: (u) => <FormattedDate value={u.linked_at} />,
    },
  ];
  return (
    <AcrossCompaniesTable<AdminUpc>
      tableId="across-upcs"
      title="UPCs"
      description="Every company’s bought UPCs. Open a company to import codes or link one to a release."
      resourceName="UPC"
      collection="distribution_upcs"
      path="/admin/upcs"
      trackBy="upc"
      columns={columns}
      defaultSort={{ field: 'upc', order: 'asc' }}
    />
  );
}

/**
 * The list across companies a page of one company's records shows to an admin with no company,
 * or null when the page has none (it then asks which company).
 */
export function acrossCompaniesPage(page: PageKey | undefined, path: string): ReactNode | null {
  const base = path.startsWith('/admin/') ? '/admin/statements' : '/distribution/finances/statements';
  switch (page) {
    case 'statements':
      return <StatementsAcross detailBase={base} />;
    case 'payment-run':
      return <StatementsAcross detailBase={base} due />;
    case 'expenses':
      return <ExpensesAcross />;
    case 'upcs':
      return <UpcsAcross />;
    case 'user-royalties':
      return <AdminRoyaltiesPage />;
    default:
      return null;
  }
}

/** The list across companies above the question which company to work in. */
export function AcrossCompanies({ list, children }: { list: ReactNode; children: ReactNode }) {
  return (
    <SpaceBetween size="l">
      <Box padding={{ top: 'l' }} data-testid="across-companies">
        {list}
      </Box>
      {children}
    </SpaceBetween>
  );
}
