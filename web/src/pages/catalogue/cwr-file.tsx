import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import FormField from '@cloudscape-design/components/form-field';
import Select from '@cloudscape-design/components/select';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CWR_FILE_VERSIONS, type CwrFileView } from '../../../../shared/schemas/cwr';
import { api } from '../../app/api';
import { notify, notifyError } from '../../app/notifications';
import { saveFile } from '../../app/save-file';
import { FormModal } from '../../components/form-modal';
import { pickerSource, RecordPicker, type PickedRecord } from '../../components/record-picker';
import { cwrOutcome } from './cwr-outcome';
import { usePermits } from '../../app/use-may-open';

/** Saves the file the API answered as a download (CWR files are plain ASCII text). */
const download = (filename: string, content: string) => saveFile(filename, content, 'text/plain');

/**
 * "CWR file" over the songs list (docs/cwr.md): the selected songs as a CWR file
 * for a society, downloaded; "Record as sent" also keeps the file and registers the songs, so
 * they go as revisions (REV) next time. Songs that fail a check are named with their reasons.
 */
export function CwrFileButton({ selected }: { selected: readonly Record<string, unknown>[] }) {
  const [open, setOpen] = useState(false);
  const [receiver, setReceiver] = useState<PickedRecord | null>(null);
  const [version, setVersion] = useState<(typeof CWR_FILE_VERSIONS)[number]>('2.1');
  const [record, setRecord] = useState(false);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  // A file to download is catalogue.read; recording it as sent registers the songs (catalogue.write).
  const mayRecord = usePermits('catalogue.write');

  const submit = async () => {
    if (!receiver) {
      notify('error', 'Receiver society is required');
      return;
    }
    setBusy(true);
    try {
      const body = { song_ids: selected.map((s) => String(s.id)), version, receiver_society_id: receiver.id };
      const file = await api.post<CwrFileView>(record ? '/songs/cwr_registrations' : '/songs/cwr', body);
      download(file.filename, file.content);
      const outcome = cwrOutcome(file, record);
      notify(outcome.type, outcome.message, outcome.details);
      setOpen(false);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button onClick={() => navigate('/user/songs/cwr_registrations')} data-testid="cwr-registrations">
        CWR registrations
      </Button>
      <Button disabled={selected.length === 0} onClick={() => setOpen(true)} data-testid="cwr-open">
        CWR file
      </Button>
      {open ? (
        <FormModal
          header={`CWR file of ${selected.length} song${selected.length === 1 ? '' : 's'}`}
          onClose={() => setOpen(false)}
          onSubmit={submit}
          busy={busy}
          submitText="Download"
          submitTestId="cwr-submit"
        >
          <FormField label="Receiver society">
            <RecordPicker
              source={pickerSource('societies')}
              value={receiver}
              onChange={setReceiver}
              testId="cwr-receiver"
            />
          </FormField>
          <FormField label="CWR version">
            <Select
              selectedOption={{ value: version, label: version }}
              options={CWR_FILE_VERSIONS.map((v) => ({ value: v, label: v }))}
              onChange={({ detail }) => setVersion(detail.selectedOption.value === '2.2' ? '2.2' : '2.1')}
              data-testid="cwr-version"
            />
          </FormField>
          {mayRecord ? (
            <Checkbox checked={record} onChange={({ detail }) => setRecord(detail.checked)} data-testid="cwr-record">
              Record as sent (the songs go as revisions next time)
            </Checkbox>
          ) : null}
        </FormModal>
      ) : null}
    </>
  );
}
