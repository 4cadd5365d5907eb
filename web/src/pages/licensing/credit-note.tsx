import { invoiceDue, invoiceLeft, invoiceRefunded, partialCredit } from '../../../../shared/licence-due';
import Big from 'big.js';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import { formatDate, formatPercent } from '../../../../shared/format';
import { formatMoney } from '../../../../shared/money';
import { api, errorMessage } from '../../app/api';
import { notify } from '../../app/notifications';
import { ConfirmActionModal } from '../../components/confirm-action-modal';
import { openLink } from '../../components/signed-copy-field';
import { RefundedOnField } from './refund-buttons';
import { MailDocumentButton, mailedWords } from './document-mail';
import { fieldErrorsOf } from '../money/statements/use-period-form';
import type { License } from './licensing-api';
import { usePermits } from '../../app/use-may-open';

/** A typed amount as cents the API takes ("12.5" → "12.50"), or null while it is not one yet. */
const typedCents = (value: string) => (/^\d{1,12}(\.\d{1,2})?$/.test(value.trim()) ? value.trim() : null);

/**
 * What a partial credit of the typed net would credit, with its VAT by the invoice's own rounding (the function the
 * API uses), and what the licensee would then owe, or, on a paid invoice, get back and still have paid; nothing while
 * the amount is not an amount yet.
 */
function CreditPreview({
  invoice,
  amount,
  paid,
}: {
  invoice: NonNullable<License['invoice']>;
  amount: string;
  paid: boolean;
}) {
  const net = typedCents(amount);
  if (!net || new Big(net).lte(0)) return null;
  const money = (value: string) => formatMoney(value, invoice.currency);
  const credit = partialCredit(net, invoice.vat_rate);
  const left = money(new Big(invoiceDue(invoice)).minus(credit.total).toFixed(2));
  const sum = `${money(credit.net)} + VAT at ${formatPercent(invoice.vat_rate)} ${money(credit.vat)} = ${money(credit.total)}`;
  return (
    <Box data-testid="license-credit-preview">
      {paid
        ? `Refunds ${sum}; ${left} of what was paid is then kept.`
        : `Credits ${sum}; the licensee then owes ${left}.`}
    </Box>
  );
}

/**
 * "Credit invoice": asks why, then cancels the invoice with a numbered credit note. The licence goes back to signed,
 * so its details can be corrected and a new invoice issued; the invoice and its credit note stay listed. A paid
 * invoice's credit note also refunds the payment: it asks the day the money went back, and the payment's ledger lines
 * are reversed in that month. An unpaid invoice may instead be reduced by an amount (a lowered fee): the invoice stays
 * issued and the licensee pays the rest. A paid one may be refunded in part the same way (a shorter term, a territory
 * dropped): the licensee gets the amount and its VAT back, the invoice stays paid and that much of the fee leaves the
 * ledger in the refund's month.
 */
export function CreditInvoiceButton({ license, onChanged }: { license: License; onChanged: (l: License) => void }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [part, setPart] = useState(false);
  const [amount, setAmount] = useState('');
  const [refundedOn, setRefundedOn] = useState(new Date().toISOString().slice(0, 10));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // Crediting an invoice moves money (POST /licenses/{id}/credit_note: money.write).
  const mayCredit = usePermits('money.write');
  const invoice = license.invoice;
  if (!invoice || !mayCredit) return null;
  const paid = license.status === 'paid';
  const reducing = part;
  const earlier = invoice.partial_credits ?? [];
  // What partial credit notes gave back already: a full credit note then refunds what is still paid.
  const refundedEarlier = !new Big(invoiceRefunded(invoice).total).eq(0);
  const credit = async () => {
    setBusy(true);
    setErrors({});
    try {
      const answer = await api.post<{ license: License; message: string }>(`/licenses/${license.id}/credit_note`, {
        reason,
        invoice_number: invoice.number,
        ...(paid ? { refund_date: refundedOn } : {}),
        // The balance the page showed: a second click on the same reduction then answers the credit note it made.
        ...(reducing ? { amount, balance_due: invoiceDue(invoice) } : {}),
      });
      notify('notification', answer.message);
      setOpen(false);
      setReason('');
      setAmount('');
      setPart(false);
      onChanged(answer.license);
    } catch (failure) {
      const fields = fieldErrorsOf(failure);
      if (fields?.reason || fields?.refund_date || fields?.amount) setErrors(fields);
      else notify('error', errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  const due = formatMoney(invoiceDue(invoice), invoice.currency);
  return (
    <>
      <Button data-testid="license-credit-invoice" onClick={() => setOpen(true)}>
        Credit invoice
      </Button>
      {open ? (
        <ConfirmActionModal
          header={`Credit invoice ${invoice.number}?`}
          confirmText="Issue credit note"
          busy={busy}
          onCancel={() => setOpen(false)}
          onConfirm={() => void credit()}
          confirmTestId="license-credit-confirm"
          cancelTestId="license-credit-cancel"
        >
          <RadioGroup
            data-testid="license-credit-kind"
            value={reducing ? 'part' : 'whole'}
            onChange={({ detail }) => setPart(detail.value === 'part')}
            items={
              paid
                ? [
                    { value: 'whole', label: 'Cancel the invoice and refund what was paid' },
                    {
                      value: 'part',
                      label: 'Refund part of what was paid',
                      description:
                        'Part of the fee is given back (a shorter term, a territory dropped): the invoice stays paid and the licence stays in force',
                    },
                  ]
                : [
                    { value: 'whole', label: 'Cancel the whole invoice' },
                    {
                      value: 'part',
                      label: 'Reduce it by an amount',
                      description: 'The fee was lowered: the invoice stays issued and the licensee pays the rest',
                    },
                  ]
            }
          />
          <Box margin={{ vertical: 's' }}>
            {reducing && paid
              ? `A credit note refunds the amount and its VAT to the licensee. The invoice stays paid; of what was paid, ${due} is kept now.`
              : reducing
                ? `A credit note reduces the invoice by the amount and its VAT. The invoice stays issued; the licensee now owes ${due}.`
                : earlier.length
                  ? `A credit note cancels what is left of the invoice (${formatMoney(invoiceLeft(invoice).total, invoice.currency)}, after ${earlier.map((c) => c.number).join(', ')}). The invoice stays as it was issued; the licence goes back to signed, so you can correct it and issue a new invoice.`
                  : `A credit note cancels the whole invoice (${formatMoney(invoice.total, invoice.currency)}). The invoice stays as it was issued; the licence goes back to signed, so you can correct it and issue a new invoice.`}
          </Box>
          {paid ? (
            <Box margin={{ bottom: 's' }} data-testid="license-credit-refund-words">
              {reducing
                ? `It was paid on ${formatDate(license.payment_date)}: the credit note records that part of what was paid is refunded, and that part of the fee is taken back from its ledger lines in the refund's month, so the payees' next statements give their share of it back.`
                : `It was paid on ${formatDate(license.payment_date)}: the credit note records that the ${due}${refundedEarlier ? ' still' : ''} paid is refunded, and the fee's ledger lines are reversed in the refund's month, so the payees' next statements give it back.`}
            </Box>
          ) : null}
          <SpaceBetween size="s">
            {reducing ? (
              <FormField
                label={
                  paid
                    ? `Amount to refund, before VAT (${invoice.currency})`
                    : `Amount to credit, before VAT (${invoice.currency})`
                }
                description={
                  paid ? 'The net of the fee given back; its VAT is refunded with it' : 'The net the fee is lowered by'
                }
                errorText={errors.amount}
              >
                <SpaceBetween size="xxs">
                  <Input
                    data-testid="license-credit-amount"
                    inputMode="decimal"
                    value={amount}
                    onChange={({ detail }) => setAmount(detail.value)}
                    placeholder="e.g. 250.00"
                  />
                  <CreditPreview invoice={invoice} amount={amount} paid={paid} />
                </SpaceBetween>
              </FormField>
            ) : null}
            <FormField label="Reason" description="Printed on the credit note" errorText={errors.reason}>
              <Textarea
                data-testid="license-credit-reason"
                value={reason}
                onChange={({ detail }) => setReason(detail.value)}
                placeholder="e.g. Licensee's company name was wrong"
              />
            </FormField>
            {paid ? (
              <RefundedOnField
                value={refundedOn}
                onChange={setRefundedOn}
                error={errors.refund_date}
                testId="license-credit-refund-date"
              />
            ) : null}
          </SpaceBetween>
        </ConfirmActionModal>
      ) : null}
    </>
  );
}

/** An invoice's or credit note's number on one line: a narrow column would break "LI-000001" at its hyphen. */
const DocumentNumber = ({ number }: { number: string }) => (
  <span style={{ whiteSpace: 'nowrap' }} data-testid="licence-document-number">
    {number}
  </span>
);

/**
 * The credit notes that reduced the licence's current invoice or refunded part of it once paid, each downloadable and
 * mailable as issued, with what each gave back and when.
 */
export function ReducingCreditNotes({ license, onChanged }: { license: License; onChanged: (l: License) => void }) {
  const invoice = license.invoice;
  if (!invoice?.partial_credits?.length) return null;
  const money = (value: string) => formatMoney(value, invoice.currency);
  const refunds = invoice.partial_credits.some((c) => c.refund);
  return (
    <Table
      wrapLines
      data-testid="license-reducing-credit-notes"
      header={
        <Header variant="h2">
          {refunds
            ? `Credit notes and refunds of invoice ${invoice.number}`
            : `Credit notes reducing invoice ${invoice.number}`}
        </Header>
      }
      items={invoice.partial_credits}
      columnDefinitions={[
        {
          id: 'note',
          header: 'Credit note',
          cell: (c) => (
            <Button
              variant="inline-link"
              onClick={() => void openLink(`/licenses/${license.id}/credit_notes/${c.number}`)}
            >
              <DocumentNumber number={c.number} />
            </Button>
          ),
        },
        { id: 'date', header: 'Issued', cell: (c) => formatDate(c.date) },
        { id: 'net', header: 'Net', cell: (c) => money(c.net) },
        { id: 'vat', header: 'VAT', cell: (c) => money(c.vat) },
        { id: 'total', header: 'Total credited', cell: (c) => money(c.total) },
        {
          id: 'refund',
          header: 'Refund',
          cell: (c) =>
            c.refund
              ? `${money(c.total)} refunded on ${formatDate(c.refund.date)}`
              : 'Not paid then: lowered what was due',
        },
        { id: 'reason', header: 'Reason', cell: (c) => c.reason },
        { id: 'by', header: 'By', cell: (c) => c.by_name },
        {
          id: 'sent',
          header: 'Sent',
          cell: (c) => (
            <SpaceBetween size="xxs">
              <Box>{mailedWords(license, c.number)}</Box>
              <MailDocumentButton license={license} number={c.number} onChanged={onChanged} inline />
            </SpaceBetween>
          ),
        },
      ]}
    />
  );
}

/** The invoices credit notes cancelled, each beside its credit note, both downloadable as issued. */
export function CreditedInvoices({ license, onChanged }: { license: License; onChanged: (l: License) => void }) {
  if (!license.credited_invoices.length) return null;
  const link = (path: string, number: string) => (
    <Button variant="inline-link" onClick={() => void openLink(`/licenses/${license.id}/${path}`)}>
      <DocumentNumber number={number} />
    </Button>
  );
  return (
    <Table
      wrapLines
      data-testid="license-credited-invoices"
      header={<Header variant="h2">Credited invoices</Header>}
      items={license.credited_invoices}
      columnDefinitions={[
        { id: 'invoice', header: 'Invoice', cell: (c) => link(`invoices/${c.invoice.number}`, c.invoice.number) },
        { id: 'issued', header: 'Issued', cell: (c) => formatDate(c.invoice.date) },
        { id: 'total', header: 'Total', cell: (c) => formatMoney(c.invoice.total, c.invoice.currency) },
        {
          id: 'note',
          header: 'Credit note',
          cell: (c) => link(`credit_notes/${c.credit_note.number}`, c.credit_note.number),
        },
        { id: 'credited', header: 'Credited', cell: (c) => formatDate(c.credit_note.date) },
        { id: 'reason', header: 'Reason', cell: (c) => c.credit_note.reason },
        {
          id: 'refund',
          header: 'Refund',
          cell: (c) =>
            c.credit_note.refund
              ? `${formatMoney(c.credit_note.refund.amount, c.invoice.currency)} on ${formatDate(c.credit_note.refund.date)}`
              : 'Not paid, nothing to refund',
        },
        { id: 'by', header: 'By', cell: (c) => c.credit_note.by_name },
        {
          id: 'sent',
          header: 'Credit note sent',
          cell: (c) => (
            <SpaceBetween size="xxs">
              <Box>{mailedWords(license, c.credit_note.number)}</Box>
              <MailDocumentButton license={license} number={c.credit_note.number} onChanged={onChanged} inline />
            </SpaceBetween>
          ),
        },
      ]}
    />
  );
}
