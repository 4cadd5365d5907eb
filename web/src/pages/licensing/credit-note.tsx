import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import { formatDate } from '../../../../shared/format';
import { formatMoney } from '../../../../shared/money';
import { api, errorMessage } from '../../app/api';
import { notify } from '../../app/notifications';
import { ConfirmActionModal } from '../../components/confirm-action-modal';
import { openLink } from '../../components/signed-copy-field';
import { MailDocumentButton, mailedWords } from './document-mail';
import { fieldErrorsOf } from '../money/statements/use-period-form';
import type { License } from './licensing-api';

/**
 * "Credit invoice": asks why, then cancels the unpaid invoice with a numbered credit note. The licence goes back to
 * signed, so its details can be corrected and a new invoice issued; the invoice and its credit note stay listed.
 */
export function CreditInvoiceButton({ license, onChanged }: { license: License; onChanged: (l: License) => void }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const invoice = license.invoice;
  if (!invoice) return null;
  const credit = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const answer = await api.post<{ license: License; message: string }>(`/licenses/${license.id}/credit_note`, {
        reason,
        invoice_number: invoice.number,
      });
      notify('notification', answer.message);
      setOpen(false);
      setReason('');
      onChanged(answer.license);
    } catch (failure) {
      const field = fieldErrorsOf(failure)?.reason;
      if (field) setError(field);
      else notify('error', errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
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
          <Box margin={{ bottom: 's' }}>
            {`A credit note cancels the whole invoice (${formatMoney(invoice.total, invoice.currency)}). The invoice stays as it was issued; the licence goes back to signed, so you can correct it and issue a new invoice.`}
          </Box>
          <FormField label="Reason" description="Printed on the credit note" errorText={error}>
            <Textarea
              data-testid="license-credit-reason"
              value={reason}
              onChange={({ detail }) => setReason(detail.value)}
              placeholder="e.g. Licensee's company name was wrong"
            />
          </FormField>
        </ConfirmActionModal>
      ) : null}
    </>
  );
}

/** The invoices credit notes cancelled, each beside its credit note, both downloadable as issued. */
export function CreditedInvoices({ license, onChanged }: { license: License; onChanged: (l: License) => void }) {
  if (!license.credited_invoices.length) return null;
  const link = (path: string, number: string) => (
    <Button variant="inline-link" onClick={() => void openLink(`/licenses/${license.id}/${path}`)}>
      {number}
    </Button>
  );
  return (
    <Table
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
