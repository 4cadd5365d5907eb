import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import { useState } from 'react';
import { notify, notifyError } from '../../app/notifications';
import { fileUploadStrings } from '../../components/file-upload-strings';
import { pickerSource, RecordPicker, type PickedRecord } from '../../components/record-picker';
import { saveCompanyDistributor, uploadContract } from './distribution-api';
import { DateField } from '../../components/date-input';

/** The form that links a distributor to the company, with the contract's dates and file. */
export function DistributorForm({ companyId, onSaved }: { companyId: string; onSaved: () => Promise<unknown> }) {
  const [distributor, setDistributor] = useState<PickedRecord | null>(null);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [base, setBase] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (!distributor) return;
    setBusy(true);
    try {
      const contractKey = files[0] ? await uploadContract(companyId, files[0]) : undefined;
      const answer = await saveCompanyDistributor(companyId, {
        distributor_id: distributor.id,
        base,
        contract_start_date: start,
        contract_end_date: end,
        ...(contractKey ? { contract_key: contractKey } : {}),
      });
      notify('notification', answer.message);
      setFiles([]);
      await onSaved();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Container header={<Header variant="h2">Link a distributor</Header>}>
      <ColumnLayout columns={3}>
        <FormField label="Distributor">
          <RecordPicker
            source={pickerSource('distributors')}
            value={distributor}
            onChange={setDistributor}
            testId="company-distributor"
          />
        </FormField>
        <DateField label="Contract start date" value={start} onChange={setStart} />
        <DateField label="Contract end date" value={end} onChange={setEnd} />
        <FormField label="Contract file">
          <FileUpload
            value={files}
            onChange={({ detail }) => setFiles(detail.value)}
            accept="application/pdf,image/png,image/jpeg"
            i18nStrings={fileUploadStrings({
              uploadButtonText: () => 'Choose file',
              dropzoneText: () => 'Drop the contract here',
              limitShowFewer: 'Show fewer',
              limitShowMore: 'Show more',
            })}
          />
        </FormField>
        <Checkbox checked={base} onChange={({ detail }) => setBase(detail.checked)}>
          Base distributor
        </Checkbox>
        <Button
          variant="primary"
          disabled={!distributor}
          loading={busy}
          onClick={() => void save()}
          data-testid="company-distributor-save"
        >
          Save
        </Button>
      </ColumnLayout>
    </Container>
  );
}
