import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import TokenGroup from '@cloudscape-design/components/token-group';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageButton } from '../../../components/page-button';
import { CellNote } from '../../../components/cell-note';
import { DeleteModal } from '../../../components/delete-modal';
import { FormattedDate } from '../../../components/formatted';
import { LabelFilter } from '../../../components/label-filter';
import type { PickedRecord } from '../../../components/record-picker';
import { RouterLink } from '../../../components/router-link';
import { ServerTable } from '../../../components/server-table';
import { useServerList } from '../../../components/use-server-list';
import { formatMoney } from '../../../../../shared/money';
import type { PaymentPages } from './payment-model';
import { paymentsApi, paymentsPath, usePaymentPages, type PaymentListFilter } from './payments-api';
import { StatementLinks } from './statement-links';
import type { Payment, PaymentList } from '../../../../../shared/schemas/payment-views';

/**
 * The payments table's columns: long names and references wrap and a payment's reference shares its method's cell, so
 * that every column, the total last, fits a 1,000 px window with the side menu open.
 */
function paymentColumns(pages: PaymentPages): TableProps.ColumnDefinition<Payment>[] {
  return [
    {
      id: 'payment_date',
      header: 'Date',
      sortingField: 'payment_date',
      cell: (p) => <FormattedDate value={p.payment_date} />,
    },
    {
      id: 'payable_name',
      header: 'Paid to',
      sortingField: 'payable_name',
      isRowHeader: true,
      cell: (p) => (
        <RouterLink href={pages.detail(p.id)} data-testid={`payment-link-${p.id}`}>
          {p.payable_name}
        </RouterLink>
      ),
    },
    {
      id: 'statements',
      header: 'Statements',
      cell: (p) => <StatementLinks statements={p.statements} />,
    },
    {
      // How it was paid, and under it the reference the payee's bank shows: one cell, so the total stays on the page.
      id: 'payment_method',
      header: 'Method',
      cell: (p) => (
        <>
          {p.payment_method ?? '-'}
          {p.payment_reference ? <CellNote>Reference: {p.payment_reference}</CellNote> : null}
        </>
      ),
    },
    {
      id: 'payment_total',
      header: 'Total',
      sortingField: 'payment_total',
      cell: (p) => (
        <Box textAlign="right" data-testid={`payment-total-${p.id}`}>
          {formatMoney(p.payment_total, p.payment_currency)}
        </Box>
      ),
    },
  ];
}

/**
 * The company's payments: /distribution/finances/payments (DistributionPayments) and
 * /user/finances/payments, newest first, searched by payee, reference or statement number,
 * filtered by label and by the payee a link came from (?payable_id=&payable_name=).
 */
export function PaymentsPage() {
  const navigate = useNavigate();
  const pages = usePaymentPages();
  const [query, setQuery] = useSearchParams();
  const payableId = query.get('payable_id');
  const payableName = query.get('payable_name') || payableId;
  const [label, setLabel] = useState<PickedRecord | null>(null);
  const [deleting, setDeleting] = useState<Payment | null>(null);
  const filter: PaymentListFilter = { payable_id: payableId ?? undefined, label_id: label?.id };
  const filterKey = JSON.stringify(filter);
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey stands for the filter (a new object each render).
  const buildPath = useMemo(
    () => (params: Parameters<typeof paymentsPath>[0]) => paymentsPath(params, filter),
    [filterKey],
  );
  const list = useServerList<PaymentList>({
    storageId: 'payments',
    buildPath,
    filterKey,
    defaultSort: { field: 'created_at', order: 'desc' },
  });
  const columns = useMemo(() => paymentColumns(pages), [pages]);

  return (
    <ContentLayout>
      <ServerTable<Payment>
        tableId="payments"
        title="Payments"
        description="Each payment pays one account's statements; the account's next statement shows it."
        resourceName="payment"
        columns={columns}
        collection="payments"
        trackBy="id"
        list={list}
        selectionType="single"
        wrapLines
        emptyNote="Record a payment when you pay a statement, or pay the statements due all at once with a payment run."
        filters={
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            <LabelFilter value={label} onChange={setLabel} testId="payments-filter-label" placeholder="Any label" />
            {payableId ? (
              <TokenGroup
                items={[{ label: `Paid to ${payableName}`, dismissLabel: 'Show every payee' }]}
                onDismiss={() => setQuery({}, { replace: true })}
              />
            ) : null}
          </SpaceBetween>
        }
        actions={(context) => {
          const chosen = context.selectedItems[0];
          return (
            <SpaceBetween direction="horizontal" size="xs">
              <Button disabled={!chosen} onClick={() => chosen && setDeleting(chosen)} data-testid="payments-delete">
                Delete
              </Button>
              <Button disabled={!chosen} onClick={() => chosen && navigate(pages.edit(chosen.id))}>
                Edit
              </Button>
              <PageButton href={pages.register} testId="payments-register">
                Payments register
              </PageButton>
              <PageButton href={pages.withholding} testId="payments-withholding">
                Tax withheld
              </PageButton>
              <Button onClick={() => navigate(pages.run)} data-testid="payments-run">
                Payment run
              </Button>
              <Button variant="primary" onClick={() => navigate(pages.new)} data-testid="payments-new">
                Record payment
              </Button>
            </SpaceBetween>
          );
        }}
      />
      {deleting ? (
        <DeleteModal
          noun="payment"
          plural="payments"
          names={[`${deleting.payable_name} ${formatMoney(deleting.payment_total, deleting.payment_currency)}`]}
          run={async (report) => report((await paymentsApi.remove(deleting.id)).message ?? 'Payment Deleted')}
          onClose={() => setDeleting(null)}
          onDeleted={() => void list.mutate()}
        />
      ) : null}
    </ContentLayout>
  );
}
