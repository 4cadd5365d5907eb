import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import { formatDecimal, formatMoney } from '../../../../shared/money';
import type { RoyaltyTerms } from '../../../../shared/schemas/contracts';
import { api, errorMessage } from '../../app/api';
import { useCompanyCurrency } from '../../app/company-currency';

type TermPreview = {
  term: number | null;
  words: string;
  lines: number;
  units: number;
  label_share: string;
  amount: string;
};
/** Sales a term covers but cannot pay (a PPD term and a release without a dealer price …), in words. */
type NotPaid = { term: number; words: string; reason: string; lines: number; units: number; label_share: string };
type Preview = {
  start_pay_period: string;
  end_pay_period: string;
  terms: TermPreview[];
  not_paid: NotPaid[];
  amount: string;
};

/** The last whole month before today, as YYYY-MM: where a preview starts unless the user picks other months. */
function lastMonth(): string {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return d.toISOString().slice(0, 7);
}

/**
 * "What would this contract pay": the terms as they stand on the page (the one being typed included),
 * run by the statements' own engine over the company's sales of past months, before anything is saved.
 */
export function ContractPreview({
  contract,
  terms,
}: {
  contract: {
    id: string;
    contractable_type: string;
    contractable_id: string;
    contract_payees: { payee_id: string; share: string }[];
  };
  terms: RoyaltyTerms;
}) {
  const currency = useCompanyCurrency();
  const [first, setFirst] = useState(lastMonth());
  const [last, setLast] = useState(lastMonth());
  const [preview, setPreview] = useState<Preview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const run = async () => {
    setLoading(true);
    try {
      const answer = await api.post<{ preview: Preview }>('/contracts/preview', {
        contract_id: contract.id,
        contractable_type: contract.contractable_type,
        contractable_id: contract.contractable_id,
        contract_payees: contract.contract_payees.map(({ payee_id, share }) => ({ payee_id, share })),
        royalty_terms: terms,
        start_pay_period: first.trim(),
        end_pay_period: last.trim(),
      });
      setPreview(answer.preview);
      setProblem(null);
    } catch (failure) {
      setPreview(null);
      setProblem(errorMessage(failure));
    } finally {
      setLoading(false);
    }
  };
  return (
    <SpaceBetween size="s">
      <Box variant="h3">What would this contract pay</Box>
      <Box color="text-body-secondary">
        Its terms as they are on this page, applied to your sales of past months as a statement would, had the contract
        been signed then. Nothing is saved.
      </Box>
      <ColumnLayout columns={3}>
        <FormField label="First month">
          <Input value={first} onChange={({ detail }) => setFirst(detail.value)} placeholder="YYYY-MM" />
        </FormField>
        <FormField label="Last month">
          <Input value={last} onChange={({ detail }) => setLast(detail.value)} placeholder="YYYY-MM" />
        </FormField>
        <FormField label=" ">
          <Button loading={loading} onClick={() => void run()} data-testid="contract-preview-run">
            Preview
          </Button>
        </FormField>
      </ColumnLayout>
      {problem ? <Box color="text-status-error">{problem}</Box> : null}
      {preview ? (
        <Table
          wrapLines
          data-testid="contract-preview"
          variant="embedded"
          items={preview.terms}
          trackBy={(row) => String(row.term ?? 'none')}
          columnDefinitions={[
            {
              id: 'term',
              header: 'Term',
              cell: (row) => (row.term === null ? row.words : `${row.term}. ${row.words}`),
            },
            { id: 'lines', header: 'Lines', cell: (row) => row.lines.toLocaleString('en-GB') },
            { id: 'units', header: 'Units', cell: (row) => row.units.toLocaleString('en-GB') },
            { id: 'label', header: 'Label’s share', cell: (row) => formatMoney(row.label_share, currency) },
            {
              id: 'amount',
              header: 'Paid to the payees',
              cell: (row) => <span title={formatDecimal(row.amount)}>{formatMoney(row.amount, currency)}</span>,
            },
          ]}
          footer={
            <Box textAlign="right" data-testid="contract-preview-total">
              In all, the payees would be paid {formatMoney(preview.amount, currency)}
            </Box>
          }
        />
      ) : null}
      {preview?.not_paid.length ? (
        <Alert type="warning" header="Sales these terms cannot pay yet" data-testid="contract-preview-not-paid">
          <ul>
            {preview.not_paid.map((row) => (
              <li key={`${row.term}-${row.reason}`}>
                Term {row.term} ({row.words}): {row.units.toLocaleString('en-GB')} units, the label’s share{' '}
                {formatMoney(row.label_share, currency)}, are not paid — {row.reason}.
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
    </SpaceBetween>
  );
}
