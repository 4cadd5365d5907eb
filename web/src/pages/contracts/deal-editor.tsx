import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { termWords } from '../../../../shared/contract-terms';
import type { RoyaltyTerms } from '../../../../shared/schemas/contracts';
import { DateField } from '../../components/date-input';
import { type NestedField, NestedRowsEditor } from '../../components/nested-rows-editor';
import type { NestedRow, NestedRowsState } from '../../components/nested-rows';
import { useNestedRows } from '../../components/nested-rows';
import { useContractSave } from './contract-change';
import { ContractPreview } from './contract-preview';
import {
  type DealFields,
  dealFieldsOf,
  dealOf,
  deductionRowsOf,
  EMPTY_DEDUCTION,
  EMPTY_ESCALATION,
  EMPTY_TERM,
  type EscalationRow,
  escalationRowsOf,
  termOf,
  termRowOf,
  type TermRow,
} from './deal-model';
import { formatPercent } from '../../../../shared/format';

type Option = { value: string; label: string };
const BASES: Option[] = [
  { value: 'ppd', label: 'Published price to dealer' },
  { value: 'gross', label: 'Gross receipts' },
  { value: 'net_receipts', label: 'Net receipts' },
];
const CHANNELS: Option[] = [
  { value: '', label: 'Any channel' },
  { value: 'streaming', label: 'Streaming' },
  { value: 'download', label: 'Download' },
  { value: 'physical', label: 'Physical' },
  { value: 'licensing', label: 'Licensing and sync' },
  { value: 'other', label: 'Other' },
];
const DEAL_TYPES: Option[] = [
  { value: 'royalty', label: 'Royalty' },
  { value: 'net_receipts', label: 'Net receipts (profit share)' },
];
const THRESHOLDS: Option[] = [
  { value: 'units', label: 'Units sold' },
  { value: 'revenue', label: 'Revenue' },
];

const TERM_FIELDS: NestedField<TermRow>[] = [
  { key: 'rate', label: 'Rate (%)' },
  { key: 'base', label: 'Of' },
  { key: 'channel', label: 'Channel' },
  { key: 'configuration', label: 'Configuration', placeholder: 'CD' },
  { key: 'store', label: 'Store', placeholder: 'Spotify' },
  { key: 'territories_in', label: 'Only in territories', placeholder: 'GB, IE' },
  { key: 'territories_out', label: 'Except territories', placeholder: 'US' },
];

type Contract = {
  id: string;
  status: 'draft' | 'signed' | 'terminated';
  contractable_type: string;
  contractable_id: string;
  contract_payees: { payee_id: string; share: string }[];
  royalty_terms: RoyaltyTerms;
};

/** A select inside a row editor: its options in words, the stored value kept. */
function RowSelect({
  options,
  value,
  onChange,
  label,
  invalid,
}: {
  options: Option[];
  value: string;
  onChange: (value: string) => void;
  label: string;
  invalid: boolean;
}) {
  return (
    <Select
      selectedOption={options.find((o) => o.value === value) ?? options[0] ?? null}
      options={options}
      invalid={invalid}
      ariaLabel={label}
      onChange={({ detail }) => onChange(detail.selectedOption.value ?? '')}
    />
  );
}

/** The rows kept (not marked for removal) and each one's place among them, which the deal's paths number. */
function kept<T extends object>(state: NestedRowsState<T>) {
  const rows = state.rows.filter((row) => !row.destroyed);
  const place = new Map(rows.map((row, index) => [row.key, index]));
  return { rows, key: (row: NestedRow<T>, field: string) => `${place.get(row.key) ?? -1}.${field}` };
}

/**
 * Everything the contract's deal says, on its page: the royalty terms (a rate of a base, on the sales its conditions
 * pick), the advance and costs its payees recoup, the reserve held back from physical sales, packaging deductions and
 * escalations. A draft is saved in place; a signed contract's deal changes from the amendment's date. The page checks
 * the deal as the API does before saving, and the preview runs what the page holds.
 */
export function DealEditor({ contract, onSaved }: { contract: Contract; onSaved: () => void }) {
  const saved = contract.royalty_terms;
  const terms = useNestedRows<TermRow>(saved.terms.map((term, index) => ({ id: `t${index}`, ...termRowOf(term) })));
  const deductions = useNestedRows(deductionRowsOf(saved));
  const escalations = useNestedRows<EscalationRow>(
    escalationRowsOf(
      saved,
      saved.terms.map((_, index) => `saved-t${index}`),
    ),
  );
  const [fields, setFields] = useState<DealFields>(() => dealFieldsOf(saved));
  const [effective, setEffective] = useState(new Date().toISOString().slice(0, 10));
  const [tried, setTried] = useState(false);
  const { busy, failure, save: saveChange } = useContractSave(contract, onSaved);
  const keptTerms = kept(terms);
  const keptDeductions = kept(deductions);
  const keptEscalations = kept(escalations);
  const result = dealOf({
    fields,
    terms: keptTerms.rows,
    deductions: keptDeductions.rows.map((row) => row.values),
    escalations: keptEscalations.rows.map((row) => row.values),
  });
  // What stops saving shows once the user has tried to save, then as they mend it.
  const errors = tried ? (result.errors ?? {}) : {};
  const field = (key: keyof DealFields) => errors[key];
  const set = (key: keyof DealFields) => (value: string) => setFields((all) => ({ ...all, [key]: value }));
  const save = async () => {
    setTried(true);
    if (result.deal) await saveChange({ royalty_terms: result.deal }, effective);
  };
  const termOptions: Option[] = [
    { value: '', label: 'Every term' },
    ...keptTerms.rows.map((row, index) => ({ value: row.key, label: `Term ${index + 1}` })),
  ];
  const money = (key: keyof DealFields, label: string, description?: string) => (
    <FormField label={label} description={description} errorText={field(key)}>
      <Input value={fields[key]} onChange={({ detail }) => set(key)(detail.value)} inputMode="decimal" />
    </FormField>
  );
  return (
    <SpaceBetween size="l" data-testid="contract-deal-editor">
      <SpaceBetween size="xs">
        <Box variant="h4">Royalty terms</Box>
        <Box color="text-body-secondary">
          Each sale is paid by the term with the most conditions that match it; a sale no term matches is the label’s.
        </Box>
        <NestedRowsEditor
          name="terms"
          what="royalty terms"
          state={terms}
          fields={TERM_FIELDS}
          emptyRow={EMPTY_TERM}
          addLabel="Add term"
          testId="contract-term-rows"
          errors={errors}
          errorKey={(row, _index, name) => `terms.${keptTerms.key(row, name)}`}
          describe={(values) => termWordsOrRate(values, result.deal)}
          renderInput={(f, row, _index, errorText) =>
            f.key === 'base' || f.key === 'channel' ? (
              <RowSelect
                options={f.key === 'base' ? BASES : CHANNELS}
                value={row.values[f.key]}
                label={f.label}
                invalid={Boolean(errorText)}
                onChange={(value) => terms.update(row.key, { [f.key]: value } as Partial<TermRow>)}
              />
            ) : null
          }
          rowNote={(row) => (
            <Box color="text-body-secondary" fontSize="body-s">
              {termWordsOrRate(row.values, result.deal)}
            </Box>
          )}
        />
        {errors.terms ? <Box color="text-status-error">{errors.terms}</Box> : null}
      </SpaceBetween>
      <SpaceBetween size="xs">
        <Box variant="h4">Deal and recoupment</Box>
        <ColumnLayout columns={4}>
          <FormField label="Deal type">
            <RowSelect
              options={DEAL_TYPES}
              value={fields.deal_type}
              label="Deal type"
              invalid={false}
              onChange={set('deal_type')}
            />
          </FormField>
          {money('advance', 'Advance', 'Paid to the artist; recouped from their earnings')}
          {money('recoupable_costs', 'Recoupable costs', 'Recording, video, marketing')}
          {money('recoupable_costs_percent', 'Costs recouped (%)', 'The part of those costs the earnings repay')}
          {money('opening_balance', 'Unrecouped balance brought in', 'From another system: recoupment starts here')}
          <FormField
            label="Cross-collateral group"
            description="Contracts with the same group recoup one balance"
            errorText={field('cross_collateral_group')}
          >
            <Input
              value={fields.cross_collateral_group}
              onChange={({ detail }) => set('cross_collateral_group')(detail.value)}
            />
          </FormField>
          {money('reserve_percent', 'Reserve (%)', 'Held back from physical sales for returns')}
          {money('reserve_periods', 'Reserve paid after (statements)', 'How many statements later it is paid')}
        </ColumnLayout>
      </SpaceBetween>
      <SpaceBetween size="xs">
        <Box variant="h4">Packaging deductions</Box>
        <NestedRowsEditor
          name="deductions"
          what="packaging deductions"
          state={deductions}
          fields={[
            { key: 'configuration', label: 'Configuration', placeholder: 'CD' },
            { key: 'percent', label: 'Deduction (%)' },
          ]}
          emptyRow={EMPTY_DEDUCTION}
          addLabel="Add packaging deduction"
          testId="contract-deduction-rows"
          errors={errors}
          errorKey={(row, _index, name) => `deductions.${keptDeductions.key(row, name)}`}
        />
      </SpaceBetween>
      <SpaceBetween size="xs">
        <Box variant="h4">Escalations</Box>
        <NestedRowsEditor
          name="escalations"
          what="escalations"
          state={escalations}
          fields={[
            { key: 'term', label: 'Term' },
            { key: 'threshold', label: 'Once' },
            { key: 'after', label: 'Pass' },
            { key: 'rate', label: 'Rate becomes (%)' },
          ]}
          emptyRow={EMPTY_ESCALATION}
          addLabel="Add escalation"
          testId="contract-escalation-rows"
          errors={errors}
          errorKey={(row, _index, name) => `escalations.${keptEscalations.key(row, name)}`}
          describe={(values) => `${formatPercent(values.rate)} after ${values.after}`}
          renderInput={(f, row, _index, errorText) =>
            f.key === 'term' || f.key === 'threshold' ? (
              <RowSelect
                options={f.key === 'term' ? termOptions : THRESHOLDS}
                value={row.values[f.key]}
                label={f.label}
                invalid={Boolean(errorText)}
                onChange={(value) => escalations.update(row.key, { [f.key]: value } as Partial<EscalationRow>)}
              />
            ) : null
          }
        />
        {errors.escalations ? <Box color="text-status-error">{errors.escalations}</Box> : null}
      </SpaceBetween>
      {contract.status === 'draft' ? null : (
        <DateField label="Amendment effective from" value={effective} onChange={setEffective} />
      )}
      {tried && result.errors ? (
        <Box color="text-status-error" data-testid="contract-deal-problem">
          Mend the fields marked above to save the deal
        </Box>
      ) : null}
      {failure ? <Box color="text-status-error">{failure}</Box> : null}
      <Button variant="primary" loading={busy} onClick={() => void save()} data-testid="contract-deal-save">
        {contract.status === 'draft' ? 'Save terms and deal' : 'Amend: save terms and deal'}
      </Button>
      <ContractPreview contract={contract} terms={result.deal ?? saved} />
    </SpaceBetween>
  );
}

/** A term row in the words the contract prints, once its rate is one; else what is missing. */
function termWordsOrRate(values: TermRow, deal: RoyaltyTerms | null): string {
  if (!/^\d{1,3}(\.\d{1,4})?$/.test(values.rate.trim())) return 'Give the rate to see the term in words';
  return termWords(termOf(values), deal?.packaging_deductions ?? {});
}
