import { invoiceDue, invoicePaid } from '../../../../shared/licence-due';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { formatDate, formatPercent } from '../../../../shared/format';
import { formatMoney } from '../../../../shared/money';
import { displayLabel } from '../../app/display-labels';
import { RouterLink } from '../../components/router-link';
import { openLink } from '../../components/signed-copy-field';
import { CreditedInvoices, CreditInvoiceButton, ReducingCreditNotes } from './credit-note';
import { MailDocumentButton, mailedWords } from './document-mail';
import type { License } from './licensing-api';
import { periodLabel } from '../money/finances/finance-model';

/**
 * A licence's assets with their splits, its invoice (which may be credited, in part or in full, unpaid or paid) with
 * its partial credit notes and refunds, the invoices credited before, and the ledger lines its payment made.
 */
export function LicenseMoney({ license, onChanged }: { license: License; onChanged: (l: License) => void }) {
  const invoice = license.invoice;
  // Credit notes issued before the payment lowered what was due; those issued after refunded part of it.
  const reductions = (invoice?.partial_credits ?? []).filter((c) => !c.refund);
  const refunds = (invoice?.partial_credits ?? []).filter((c) => c.refund);
  return (
    <SpaceBetween size="l">
      <Table
        wrapLines
        data-testid="license-assets"
        header={<Header variant="h2">Assets</Header>}
        items={license.assets}
        empty={<Box color="text-body-secondary">No recording or release yet</Box>}
        columnDefinitions={[
          { id: 'title', header: 'Title', cell: (a) => a.title ?? '' },
          { id: 'type', header: 'Type', cell: (a) => displayLabel(a.asset_type) },
          { id: 'split', header: 'Split', cell: (a) => formatPercent(a.split) },
        ]}
      />
      {invoice ? (
        <Container
          header={
            <Header
              variant="h2"
              actions={
                <SpaceBetween direction="horizontal" size="xs">
                  <MailDocumentButton license={license} number={invoice.number} onChanged={onChanged} />
                  {license.status === 'invoiced' || license.status === 'paid' ? (
                    <CreditInvoiceButton license={license} onChanged={onChanged} />
                  ) : null}
                  <Button onClick={() => void openLink(`/licenses/${license.id}/invoice`)}>Download PDF</Button>
                </SpaceBetween>
              }
            >
              {`Invoice ${invoice.number}`}
            </Header>
          }
          data-testid="license-invoice"
        >
          <KeyValuePairs
            columns={4}
            items={[
              // Who the invoice bills, as it was issued: the licence's own name may have been corrected since.
              ...(invoice.billed ? [{ label: 'Billed to', value: invoice.billed.licensee_name }] : []),
              // The licensee's VAT number as the invoice prints it (none on invoices issued before it was kept).
              ...(invoice.billed?.licensee_vat_number
                ? [{ label: 'Licensee VAT number', value: invoice.billed.licensee_vat_number }]
                : []),
              { label: 'Date', value: formatDate(invoice.date) },
              { label: 'Due', value: formatDate(invoice.due_date) },
              { label: 'Net', value: formatMoney(invoice.net, invoice.currency) },
              { label: `VAT (${formatPercent(invoice.vat_rate)})`, value: formatMoney(invoice.vat, invoice.currency) },
              { label: 'Total', value: formatMoney(invoice.total, invoice.currency) },
              ...(invoice.advance_received
                ? [
                    {
                      label: 'Less the advance received',
                      value: formatMoney(invoice.advance_received, invoice.currency),
                    },
                  ]
                : []),
              // Each credit note that lowered the fee before it was paid, with its VAT.
              ...reductions.map((c) => ({
                label: `Less credit note ${c.number}`,
                value: formatMoney(c.total, invoice.currency),
              })),
              ...(invoice.advance_received || reductions.length
                ? [
                    {
                      label: refunds.length ? 'Paid' : 'Balance due',
                      value: formatMoney(refunds.length ? invoicePaid(invoice) : invoiceDue(invoice), invoice.currency),
                    },
                  ]
                : []),
              // Each part of the payment given back since, and what of the payment is kept.
              ...refunds.map((c) => ({
                label: `Refunded on ${formatDate(c.refund?.date)} by credit note ${c.number}`,
                value: formatMoney(c.total, invoice.currency),
              })),
              ...(refunds.length
                ? [{ label: 'Still paid after refunds', value: formatMoney(invoiceDue(invoice), invoice.currency) }]
                : []),
              { label: 'VAT rule', value: invoice.vat_note },
              { label: 'Paid on', value: license.payment_date ? formatDate(license.payment_date) : 'Not paid yet' },
              { label: 'Sent', value: mailedWords(license, invoice.number) || 'Not sent from here' },
            ]}
          />
        </Container>
      ) : null}
      <ReducingCreditNotes license={license} onChanged={onChanged} />
      <CreditedInvoices license={license} onChanged={onChanged} />
      {license.type === 'outgoing' ? (
        <Table
          wrapLines
          data-testid="license-ledger-lines"
          header={
            <Header
              variant="h2"
              description="The advance and the fee as licensing income, each in the pay period of its payment, and any refund taken back in the month it was made"
            >
              Ledger lines
            </Header>
          }
          items={license.royalty_lines ?? []}
          empty={
            <Box color="text-body-secondary">
              The fee reaches the royalties when the invoice (or the advance) is paid
            </Box>
          }
          columnDefinitions={[
            {
              id: 'song',
              header: 'Asset',
              cell: (l) => <RouterLink href={`/user/royalties/${l.id}/edit`}>{l.song ?? 'Line'}</RouterLink>,
            },
            { id: 'what', header: 'For', cell: (l) => l.sales_description },
            { id: 'period', header: 'Pay period', cell: (l) => periodLabel(l.pay_period) },
            { id: 'share', header: 'Share of the fee', cell: (l) => formatMoney(l.subtotal_payable, l.currency) },
            { id: 'amount', header: 'Amount', cell: (l) => formatMoney(l.amount, l.company_currency) },
          ]}
        />
      ) : null}
    </SpaceBetween>
  );
}
