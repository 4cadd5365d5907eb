import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import { FormModal } from '../../components/form-modal';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import { notify, notifyError } from '../../app/notifications';
import { pickerSource, RecordPicker, type PickedRecord } from '../../components/record-picker';
import { royaltiesApi, useUnmatched } from './royalties-api';
import { formatMoney } from '../../../../shared/money';
import type { UnmatchedLine } from '../../../../shared/schemas/royalty-views';

type Field = 'isrc' | 'upc' | 'cat_no';

/** The identifier to match on: the ISRC names a recording, a UPC or catalogue number a release. */
function defaultMatchField(line: UnmatchedLine): Field {
  return line.isrc ? 'isrc' : line.upc ? 'upc' : 'cat_no';
}

function AssignModal({
  importId,
  line,
  onClose,
  onDone,
}: {
  importId: string;
  line: UnmatchedLine;
  onClose: () => void;
  onDone: () => void;
}) {
  const [field, setField] = useState<Field>(defaultMatchField(line));
  const [value, setValue] = useState(line[field] ?? '');
  const [record, setRecord] = useState<PickedRecord | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const recording = field === 'isrc';
  const assign = async () => {
    if (!value.trim() || !record) {
      setError(!value.trim() ? 'Value is required' : `Choose a ${recording ? 'recording' : 'release'}`);
      return;
    }
    setBusy(true);
    try {
      const answer = await royaltiesApi.assign(importId, {
        field,
        value: value.trim(),
        ...(recording ? { recording_id: record.id } : { release_id: record.id }),
      });
      notify('notification', answer.message ?? `Lines with ${field} ${value} assigned to ${record.name}`);
      onDone();
    } catch (e) {
      notifyError(e);
      setBusy(false);
    }
  };
  return (
    <FormModal
      header="Assign unmatched lines"
      onClose={onClose}
      onSubmit={assign}
      busy={busy}
      submitText="Assign"
      submitTestId="assign-confirm"
    >
      <FormField label="Match lines by">
        <SegmentedControl
          selectedId={field}
          options={[
            { id: 'isrc', text: 'ISRC' },
            { id: 'upc', text: 'UPC' },
            { id: 'cat_no', text: 'Catalogue number' },
          ]}
          onChange={({ detail }) => {
            const next = detail.selectedId as Field;
            setField(next);
            setValue(line[next] ?? '');
            setRecord(null);
          }}
        />
      </FormField>
      <FormField label="Value">
        <Input value={value} onChange={({ detail }) => setValue(detail.value)} data-testid="assign-value" />
      </FormField>
      <FormField label={recording ? 'Recording' : 'Release'} errorText={error}>
        <RecordPicker
          key={field}
          source={pickerSource(recording ? 'recordings' : 'releases')}
          value={record}
          onChange={setRecord}
          testId="assign-record"
          invalid={Boolean(error)}
        />
      </FormField>
    </FormModal>
  );
}

/** Lines no catalogue record matched, grouped by identifier, each assignable to a recording or release. */
export function UnmatchedTable({
  importId,
  currency,
  onAssigned,
}: {
  importId: string;
  currency: string | null;
  onAssigned: () => void;
}) {
  const { data, isLoading, mutate } = useUnmatched(importId);
  const [line, setLine] = useState<UnmatchedLine | null>(null);
  const rows = data?.unmatched ?? [];
  return (
    <>
      <Table<UnmatchedLine>
        data-testid="import-unmatched"
        header={
          <Header
            variant="h2"
            counter={`(${rows.length})`}
            description="Lines whose ISRC, UPC or catalogue number matched nothing in the catalogue."
          >
            Unmatched lines
          </Header>
        }
        loading={isLoading}
        loadingText="Loading unmatched lines"
        items={rows}
        columnDefinitions={[
          { id: 'isrc', header: 'ISRC', cell: (r) => r.isrc ?? '-' },
          { id: 'upc', header: 'UPC', cell: (r) => r.upc ?? '-' },
          { id: 'cat_no', header: 'Cat. no.', cell: (r) => r.cat_no ?? '-' },
          { id: 'song', header: 'Song', cell: (r) => r.song ?? '-' },
          { id: 'artist', header: 'Artist', cell: (r) => r.artist ?? '-' },
          { id: 'album', header: 'Album', cell: (r) => r.album ?? '-' },
          { id: 'lines', header: 'Lines', cell: (r) => r.lines },
          { id: 'amount', header: 'Amount', cell: (r) => formatMoney(r.amount, currency) },
          {
            id: 'assign',
            header: 'Actions',
            cell: (r) => (
              <Button variant="inline-link" onClick={() => setLine(r)}>
                Assign
              </Button>
            ),
          },
        ]}
        empty={<Box textAlign="center">Every line matched a recording or release</Box>}
        variant="container"
      />
      {line ? (
        <AssignModal
          importId={importId}
          line={line}
          onClose={() => setLine(null)}
          onDone={() => {
            setLine(null);
            void mutate();
            onAssigned();
          }}
        />
      ) : null}
    </>
  );
}
