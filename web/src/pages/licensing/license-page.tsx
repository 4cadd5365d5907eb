import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { DateField } from '../../components/date-input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { formatDate, formatDaysIn } from '../../../../shared/format';
import { DEFAULT_INVOICE_DUE_DAYS } from '../../../../shared/licence-due';
import { formatMoney } from '../../../../shared/money';
import { territoryName, territoryWords } from '../../../../shared/territories';
import { type LicenseStatus, pipelineMoves } from '../../../../shared/schemas/licensing';
import { api, errorMessage } from '../../app/api';
import { displayLabel } from '../../app/display-labels';
import { notify } from '../../app/notifications';
import { useApi } from '../../app/resources';
import { ConfirmActionModal } from '../../components/confirm-action-modal';
import { RouterLink } from '../../components/router-link';
import { StatusBadge } from '../../components/status-badge';
import { CostRecoupmentNote } from './cost-recoupment';
import { RefundButton } from './refund-buttons';
import { LicenseMoney } from './license-money';
import { LicensePapers, LicenseReports } from './license-papers';
import { type License, licenseTitle, PARTY_WORD, TYPE_WORDS } from './licensing-api';
import { PageButton } from '../../components/page-button';
import { usePermits } from '../../app/use-may-open';

/** What the invoice will say of the licensee and the fee, to check before it is numbered and final. */
function InvoiceCheck({ license }: { license: License }) {
  return (
    <SpaceBetween size="s">
      <Box>
        {`The invoice takes your next invoice number and is then final: to change it, credit it and invoice again. It is due ${license.invoice_due_days ?? DEFAULT_INVOICE_DUE_DAYS} days after today.`}
      </Box>
      <KeyValuePairs
        columns={2}
        items={[
          { label: 'Licensee', value: license.licensee_name },
          { label: 'Fee (before VAT)', value: license.fee ? formatMoney(license.fee, license.fee_currency) : '-' },
          { label: 'Address', value: license.licensee_address || 'None given' },
          { label: 'VAT number', value: license.licensee_vat_number || 'None given' },
        ]}
      />
      <Box color="text-body-secondary">If any of this is wrong, cancel and edit the licence first.</Box>
    </SpaceBetween>
  );
}

/** The pipeline's buttons: the moves the licence may make, the invoice, the payment. */
function PipelineActions({ license, onChanged }: { license: License; onChanged: (l: License) => void }) {
  const [busy, setBusy] = useState(false);
  // Issuing is asked first: the invoice takes the next number and is final (a credit note is its only undo).
  const [invoicing, setInvoicing] = useState(false);
  const [paidOn, setPaidOn] = useState(new Date().toISOString().slice(0, 10));
  // The moves are catalogue.write (POST /licenses/{id}/status); the invoice, the advance and the payment move money
  // (POST …/invoice, …/advance, …/payment: money.write). Each button is offered to a role the server would let.
  const mayMove = usePermits('catalogue.write');
  const mayBill = usePermits('money.write');
  const run = async (call: () => Promise<{ license: License; message: string }>) => {
    setBusy(true);
    try {
      const answer = await call();
      notify('notification', answer.message);
      onChanged(answer.license);
    } catch (failure) {
      notify('error', errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  const move = (status: LicenseStatus) => run(() => api.post(`/licenses/${license.id}/status`, { status }));
  const canInvoice = license.type === 'outgoing' && license.status === 'signed';
  const canPay =
    (license.type === 'outgoing' && license.status === 'invoiced') ||
    (license.type === 'incoming' && license.status === 'signed');
  // The advance comes on signing, before the invoice; it is recorded once.
  const canAdvance = license.status === 'signed' && Boolean(license.advance_fee) && !license.advance_paid;
  // Before the invoice (outgoing) or the payment (incoming), an advance paid can be given back when the deal is called
  // off; later, the invoice is credited, or the payment refunded, first.
  const canRefundAdvance = license.status === 'signed' && license.advance_paid;
  if (pipelineMoves(license.status).length === 0 && !canInvoice && !canPay)
    return (
      <SpaceBetween size="s">
        <Box data-testid="license-pipeline-end">
          {license.status !== 'paid'
            ? `This licence ended ${displayLabel(license.status).toLowerCase()}.`
            : license.type === 'outgoing'
              ? `Paid on ${formatDate(license.payment_date)}. Should the deal be called off, crediting the invoice refunds the payment.`
              : `Paid on ${formatDate(license.payment_date)}. Should the deal be called off and ${license.licensee_name} give the money back, record the refund.`}
        </Box>
        {license.status === 'paid' && license.type === 'incoming' ? (
          <Box>
            <RefundButton license={license} kind="payment" onChanged={onChanged} />
          </Box>
        ) : null}
      </SpaceBetween>
    );
  return (
    <SpaceBetween size="s">
      <SpaceBetween direction="horizontal" size="xs">
        {(mayMove ? pipelineMoves(license.status) : []).map((status) => (
          <Button key={status} data-testid={`license-move-${status}`} disabled={busy} onClick={() => void move(status)}>
            {`Move to ${displayLabel(status).toLowerCase()}`}
          </Button>
        ))}
        {canInvoice && mayBill ? (
          <Button
            variant="primary"
            data-testid="license-issue-invoice"
            disabled={busy}
            onClick={() => setInvoicing(true)}
          >
            Issue invoice
          </Button>
        ) : null}
        {invoicing ? (
          <ConfirmActionModal
            header="Issue the invoice"
            confirmText="Issue invoice"
            confirmTestId="license-issue-invoice-confirm"
            busy={busy}
            onCancel={() => setInvoicing(false)}
            onConfirm={() =>
              void run(() => api.post(`/licenses/${license.id}/invoice`)).finally(() => setInvoicing(false))
            }
          >
            <InvoiceCheck license={license} />
          </ConfirmActionModal>
        ) : null}
        {canRefundAdvance ? <RefundButton license={license} kind="advance" onChanged={onChanged} /> : null}
      </SpaceBetween>
      {mayBill && (canPay || canAdvance) ? (
        <SpaceBetween direction="horizontal" size="xs" alignItems="end">
          <DateField label="Paid on" value={paidOn} onChange={setPaidOn} testId="license-paid-on" />
          {canAdvance ? (
            <Button
              data-testid="license-record-advance"
              disabled={busy}
              onClick={() => void run(() => api.post(`/licenses/${license.id}/advance`, { payment_date: paidOn }))}
            >
              {`Record advance of ${formatMoney(license.advance_fee ?? '0', license.fee_currency)}`}
            </Button>
          ) : null}
          {canPay ? (
            <Button
              variant="primary"
              data-testid="license-record-payment"
              disabled={busy}
              onClick={() => void run(() => api.post(`/licenses/${license.id}/payment`, { payment_date: paidOn }))}
            >
              Record payment
            </Button>
          ) : null}
        </SpaceBetween>
      ) : null}
      {mayBill && license.type === 'incoming' && (canPay || canAdvance) ? (
        <CostRecoupmentNote license={license} />
      ) : null}
    </SpaceBetween>
  );
}

/** A licence: its terms, assets, invoice, the ledger lines (or expense) its payment made, and its history. */
export function LicensePage() {
  const { id } = useParams();
  const navigate = useNavigate();
  // Deleting a licence may remove the ledger lines its payment wrote: DELETE /licenses/{id} is money.write.
  const mayDelete = usePermits('money.write');
  const { data, mutate } = useApi<{ license: License }>(`/licenses/${id}`);
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);
  const license = data?.license;
  if (!license) return <Box>Loading…</Box>;
  const remove = async () => {
    setBusy(true);
    try {
      const answer = await api.delete<{ message: string }>(`/licenses/${license.id}`);
      notify('notification', answer.message);
      navigate('/user/licensing/licenses');
    } catch (failure) {
      notify('error', errorMessage(failure));
      setDeleting(false);
    } finally {
      setBusy(false);
    }
  };
  // A term not given reads "-", as on every other record's page, rather than a label over nothing.
  const text = (value: string | number | undefined | null) =>
    value === undefined || value === null || String(value).trim() === '' ? '-' : String(value);
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={TYPE_WORDS[license.type]}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <PageButton href={`/user/licensing/${license.id}/edit`}>Edit</PageButton>
              {mayDelete ? <Button onClick={() => setDeleting(true)}>Delete</Button> : null}
            </SpaceBetween>
          }
        >
          {licenseTitle(license)} <StatusBadge word={license.status} testId="license-status" />
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Container header={<Header variant="h2">Pipeline</Header>}>
          <PipelineActions
            license={license}
            onChanged={(next) => void mutate({ license: next }, { revalidate: true })}
          />
        </Container>
        <Container header={<Header variant="h2">Terms</Header>}>
          <KeyValuePairs
            columns={3}
            items={[
              { label: PARTY_WORD[license.type], value: license.licensee_name },
              { label: 'Address', value: text(license.licensee_address) },
              { label: 'Phone', value: text(license.licensee_phone) },
              { label: 'Country', value: text(license.licensee_country && territoryName(license.licensee_country)) },
              { label: 'VAT number', value: text(license.licensee_vat_number) },
              { label: 'Label', value: text(license.label) },
              { label: 'Usage', value: text(license.usage) },
              { label: 'Territory', value: text(license.territory && territoryWords(license.territory)) },
              { label: 'Term', value: text(license.term) },
              { label: 'Credit', value: text(license.credit) },
              { label: 'Tags', value: text(license.tag) },
              { label: 'Fee', value: license.fee ? formatMoney(license.fee, license.fee_currency) : '-' },
              {
                label: 'Advance fee',
                value: license.advance_fee ? formatMoney(license.advance_fee, license.fee_currency) : '-',
              },
              { label: 'Initial contact', value: text(formatDate(license.initial_contact_date)) },
              { label: 'Proposal', value: text(formatDate(license.proposal_date)) },
              { label: 'Signed', value: text(formatDate(license.signed_date)) },
              { label: 'Advance paid', value: text(formatDate(license.advance_paid_date)) },
              { label: 'Licence starts', value: text(formatDate(license.license_start_date)) },
              { label: 'Licence ends', value: text(formatDate(license.license_end_date)) },
              {
                label: 'Contacts',
                value: text(
                  license.contacts.map((c) => [c.name, c.email, c.phone].filter(Boolean).join(', ')).join('; '),
                ),
              },
            ]}
          />
        </Container>
        <LicenseMoney license={license} onChanged={(next) => void mutate({ license: next }, { revalidate: true })} />
        <LicenseReports license={license} onChanged={(next) => void mutate({ license: next }, { revalidate: true })} />
        <LicensePapers license={license} onChanged={(next) => void mutate({ license: next }, { revalidate: true })} />
        <Table
          wrapLines
          header={<Header variant="h2">History</Header>}
          items={license.history}
          columnDefinitions={[
            { id: 'to', header: 'Moved to', cell: (m) => <StatusBadge word={m.to} /> },
            { id: 'by', header: 'By', cell: (m) => m.by_name },
            { id: 'at', header: 'When', cell: (m) => formatDate(m.at) },
            { id: 'note', header: 'Note', cell: (m) => formatDaysIn(m.note ?? '') },
          ]}
        />
        {license.type === 'incoming' &&
        (license.expense_id ||
          license.advance_paid ||
          license.payment_refunds?.length ||
          license.advance_refunds?.length) ? (
          <Box data-testid="license-expenses-note">
            What was paid for this licence is recorded as expenses of its label, and each refund as an expense of the
            opposite sign
            {license.label_id ? (
              <>
                :{' '}
                <RouterLink
                  href={`/user/labels/finances/expenses?${new URLSearchParams({ label_id: license.label_id, label_name: license.label ?? '' })}`}
                >
                  see {license.label ?? 'the label'}’s expenses
                </RouterLink>
                .
              </>
            ) : (
              '.'
            )}
          </Box>
        ) : null}
      </SpaceBetween>
      {deleting ? (
        <ConfirmActionModal
          header="Delete this licence?"
          confirmText="Delete"
          busy={busy}
          onCancel={() => setDeleting(false)}
          onConfirm={() => void remove()}
          confirmTestId="license-delete-confirm"
          cancelTestId="license-delete-cancel"
        >
          A paid licence’s ledger lines are deleted with it, unless a published statement carries them.
        </ConfirmActionModal>
      ) : null}
    </ContentLayout>
  );
}
