import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { DateField } from '../../components/date-input';
import { type PickedRecord, pickerSource, RecordPicker } from '../../components/record-picker';
import { payeeRowsProblem, useContractSave } from './contract-change';

type Row = { key: number; payee: PickedRecord | null; share: string };
type Props = {
  contract: {
    id: string;
    status: 'draft' | 'signed' | 'terminated';
    contract_payees: { payee_id: string; share: string; name: string }[];
  };
  onSaved: () => void;
};

const payees = pickerSource('payees');

/**
 * Who the contract pays and in what shares. The shares add up to exactly 100 %; a payee is listed once. A draft's
 * payees are saved in place; a signed contract's change from the date its amendment takes effect, earlier statements
 * keeping the payees they were made with.
 */
export function PayeesEditor({ contract, onSaved }: Props) {
  const [rows, setRows] = useState<Row[]>(() =>
    contract.contract_payees.map((p, key) => ({ key, payee: { id: p.payee_id, name: p.name }, share: p.share })),
  );
  const [nextKey, setNextKey] = useState(rows.length);
  const [effective, setEffective] = useState(new Date().toISOString().slice(0, 10));
  const { busy, failure, save: saveChange } = useContractSave(contract, onSaved);
  const problem = rows.length ? payeeRowsProblem(rows) : null;
  const change = (key: number, patch: Partial<Row>) =>
    setRows((all) => all.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const add = () => {
    setRows((all) => [...all, { key: nextKey, payee: null, share: all.length ? '' : '100' }]);
    setNextKey((k) => k + 1);
  };
  const save = () =>
    saveChange(
      { contract_payees: rows.map((row) => ({ payee_id: row.payee?.id ?? '', share: row.share.trim() })) },
      effective,
    );
  // With no row and none saved there is nothing to save: the page says what to do instead.
  const nothingToSave = !rows.length && !contract.contract_payees.length;
  return (
    <SpaceBetween size="s">
      {nothingToSave ? (
        <Box color="text-body-secondary" data-testid="contract-payees-empty">
          No payees yet: choose Add payee, then give each their share (the shares add up to 100%)
        </Box>
      ) : null}
      {rows.map((row, index) => (
        <ColumnLayout key={row.key} columns={3}>
          <FormField label={index === 0 ? 'Payee' : undefined}>
            <RecordPicker
              source={payees}
              value={row.payee}
              onChange={(payee) => change(row.key, { payee })}
              // A payee is listed once: those on the other rows are not offered again.
              exclude={rows.flatMap((other) => (other.key !== row.key && other.payee ? [other.payee.id] : []))}
              testId={`contract-payee-${index}`}
              placeholder="Choose a payee"
            />
          </FormField>
          <FormField label={index === 0 ? 'Share (%)' : undefined}>
            <Input
              value={row.share}
              inputMode="decimal"
              onChange={({ detail }) => change(row.key, { share: detail.value })}
              ariaLabel={`Share of payee ${index + 1} (%)`}
              data-testid={`contract-payee-share-${index}`}
            />
          </FormField>
          <Box padding={{ top: index === 0 ? 'xl' : 'xxs' }}>
            <Button variant="inline-link" onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}>
              Remove
            </Button>
          </Box>
        </ColumnLayout>
      ))}
      <Button onClick={add} data-testid="contract-payee-add">
        Add payee
      </Button>
      {problem ? (
        <Box color="text-status-error" data-testid="contract-payees-problem">
          {problem}
        </Box>
      ) : null}
      {contract.status === 'draft' ? null : (
        <DateField label="Amendment effective from" value={effective} onChange={setEffective} />
      )}
      {failure ? <Box color="text-status-error">{failure}</Box> : null}
      {nothingToSave ? null : (
        <Button
          disabled={Boolean(problem) || busy}
          loading={busy}
          onClick={() => void save()}
          data-testid="contract-payees-save"
        >
          {contract.status === 'draft' ? 'Save payees' : 'Amend: save payees'}
        </Button>
      )}
    </SpaceBetween>
  );
}
