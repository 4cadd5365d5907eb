import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import { CellNote } from '../../components/cell-note';
import { FormModal } from '../../components/form-modal';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import Table from '@cloudscape-design/components/table';
import { useRef, useState } from 'react';
import { notify, notifyError } from '../../app/notifications';
import { pickerSource, RecordPicker, type PickedRecord } from '../../components/record-picker';
import { importJobsFinished, royaltiesApi, useUnmatched } from './royalties-api';
import { notifyImportJob } from './import-job-notice';
import { formatMoney } from '../../../../shared/money';
import type { UnmatchedLine } from '../../../../shared/schemas/royalty-views';

type Field = 'isrc' | 'upc' | 'cat_no';
const FIELD_WORDS: Record<Field, string> = { isrc: 'ISRC', upc: 'UPC', cat_no: 'Catalogue number' };

/** A line with no ISRC, UPC or catalogue number: only a person can say which record it is. */
const hasIdentifier = (line: UnmatchedLine) => Boolean(line.isrc || line.upc || line.cat_no);

/** The identifier to match on: the ISRC names a recording, a UPC or catalogue number a release. */
function defaultMatchField(line: UnmatchedLine): Field {
  return line.isrc ? 'isrc' : line.upc ? 'upc' : 'cat_no';
}

/** The lines a group without an identifier stands for, in words. */
function namedLines(line: UnmatchedLine): string {
  const title = line.song ? `“${line.song}”` : 'Lines without a song title';
  const by = line.artist ? ` by ${line.artist}` : '';
  const on = line.album ? ` on ${line.album}` : '';
  return `${title}${by}${on} (${line.lines === 1 ? '1 line' : `${line.lines} lines`})`;
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
  /** `rematching`: assigned by identifier, the import is being re-matched in the background. */
  onDone: (rematching: boolean) => void;
}) {
  const byIdentifier = hasIdentifier(line);
  const [field, setField] = useState<Field>(defaultMatchField(line));
  const [value, setValue] = useState(line[field] ?? '');
  // Lines without an identifier go straight to a recording or a release, whichever the person picks.
  const [kind, setKind] = useState<'recording' | 'release'>('recording');
  const [record, setRecord] = useState<PickedRecord | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const recording = byIdentifier ? field === 'isrc' : kind === 'recording';
  const assign = async () => {
    if ((byIdentifier && !value.trim()) || !record) {
      setError(byIdentifier && !value.trim() ? 'Value is required' : `Choose a ${recording ? 'recording' : 'release'}`);
      return;
    }
    setBusy(true);
    try {
      const target = recording ? { recording_id: record.id } : { release_id: record.id };
      const lines = byIdentifier
        ? { field, value: value.trim() }
        : { song: line.song, artist: line.artist, album: line.album };
      const answer = await royaltiesApi.assign(importId, { ...lines, ...target });
      notify('notification', answer.message ?? `Lines with ${FIELD_WORDS[field]} ${value} assigned to ${record.name}`);
      onDone(Boolean(answer.royalty_import));
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
      {byIdentifier ? (
        <>
          <FormField label="Match lines by">
            <SegmentedControl
              selectedId={field}
              options={(Object.keys(FIELD_WORDS) as Field[]).map((id) => ({ id, text: FIELD_WORDS[id] }))}
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
        </>
      ) : (
        <>
          <Box variant="p" data-testid="assign-named-lines">
            {namedLines(line)} {line.lines === 1 ? 'has' : 'have'} no ISRC, UPC or catalogue number. Say which recording
            or release {line.lines === 1 ? 'it is' : 'they are'}: statements will pay on it.
          </Box>
          <FormField label="Assign to">
            <SegmentedControl
              selectedId={kind}
              options={[
                { id: 'recording', text: 'A recording' },
                { id: 'release', text: 'A release' },
              ]}
              onChange={({ detail }) => {
                setKind(detail.selectedId as 'recording' | 'release');
                setRecord(null);
              }}
            />
          </FormField>
        </>
      )}
      <FormField label={recording ? 'Recording' : 'Release'} errorText={error}>
        <RecordPicker
          key={recording ? 'recordings' : 'releases'}
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
  rematching = false,
}: {
  importId: string;
  currency: string | null;
  onAssigned: () => void;
  /**
   * The import is being re-matched in the background. A match by identifier is still assigned (the re-match runs
   * once more to read its rule); lines without one wait until it has finished.
   */
  rematching?: boolean;
}) {
  const { data, isLoading, mutate } = useUnmatched(importId);
  const [line, setLine] = useState<UnmatchedLine | null>(null);
  const [waiting, setWaiting] = useState(false);
  // One wait at a time: an assignment while it waits makes the same re-match run once more, and that run's end is
  // the one the page reports.
  const waitingRef = useRef(false);
  // The rule is stored; the list is read again once the import's re-match has finished, which then says what it found.
  const afterRematch = async () => {
    if (waitingRef.current) return;
    waitingRef.current = true;
    setWaiting(true);
    try {
      notifyImportJob(await importJobsFinished([importId]));
    } catch (e) {
      notifyError(e);
    } finally {
      waitingRef.current = false;
      setWaiting(false);
      void mutate();
      onAssigned();
    }
  };
  const underWay = rematching || waiting;
  const rows = data?.unmatched ?? [];
  return (
    <>
      <Table<UnmatchedLine>
        wrapLines
        data-testid="import-unmatched"
        header={
          <Header
            variant="h2"
            counter={`(${rows.length})`}
            description={
              <>
                Lines whose ISRC, UPC or catalogue number matched nothing in the catalogue, and lines that have none.
                Assign them to a recording or release, or edit them in the royalties list.
                {underWay ? (
                  <Box variant="small" display="block" data-testid="import-unmatched-rematching">
                    The import is being re-matched. A match you assign by ISRC, UPC or catalogue number now is taken in:
                    the re-match runs once more when it finishes. Lines without one can be assigned once it has
                    finished.
                  </Box>
                ) : null}
              </>
            }
          >
            Unmatched lines
          </Header>
        }
        loading={isLoading}
        loadingText="Loading unmatched lines"
        items={rows}
        columnDefinitions={[
          // A line's codes share a cell, as do its song, artist and album, so every column shows in a 1,000 px window
          // with the side menu open.
          {
            id: 'codes',
            header: 'ISRC, UPC or cat. no.',
            cell: (r) => (
              <>
                {r.isrc ?? '-'}
                {r.upc ? <CellNote>UPC {r.upc}</CellNote> : null}
                {r.cat_no ? <CellNote>Cat. no. {r.cat_no}</CellNote> : null}
              </>
            ),
          },
          {
            id: 'song',
            header: 'Song',
            cell: (r) => (
              <>
                {r.song ?? '-'}
                {r.artist ? <CellNote>{r.artist}</CellNote> : null}
                {r.album ? <CellNote>Album: {r.album}</CellNote> : null}
              </>
            ),
          },
          { id: 'lines', header: 'Lines', cell: (r) => <Box textAlign="right">{r.lines}</Box> },
          {
            id: 'amount',
            header: 'Amount',
            cell: (r) => <Box textAlign="right">{formatMoney(r.amount, currency)}</Box>,
          },
          {
            id: 'assign',
            header: 'Actions',
            cell: (r) => (
              <Button
                variant="inline-link"
                onClick={() => setLine(r)}
                disabled={underWay && !hasIdentifier(r)}
                disabledReason="Lines without an ISRC, UPC or catalogue number can be assigned once the re-match has finished"
              >
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
          onDone={(rematched) => {
            setLine(null);
            void mutate();
            onAssigned();
            if (rematched) void afterRematch();
          }}
        />
      ) : null}
    </>
  );
}
