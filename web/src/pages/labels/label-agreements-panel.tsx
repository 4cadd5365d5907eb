import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { GUIDE_CONTENT_TYPES } from '../../../../shared/constants';
import type { LabelView } from '../../../../shared/schemas/label';
import { api, ApiError, errorMessage, putWithProgress } from '../../app/api';
import { notify } from '../../app/notifications';
import { pickerSource, RecordPicker } from '../../components/record-picker';
import { RouterLink } from '../../components/router-link';
import { ErrorLines } from '../../components/error-lines';
import { fileUploadStrings } from '../../components/file-upload-strings';
import {
  agreementsPayload,
  agreementValues,
  labelToolLinks,
  type AgreementValues,
  type DistributionRow,
  type FulfilmentRow,
} from './label-agreements-model';
import type { LabelMode } from './label-api';
import { DateField } from '../../components/date-input';
import { usePermits } from '../../app/use-may-open';

const enc = encodeURIComponent;
type Presigned = { url: string; key: string; headers?: Record<string, string> };

function Text(props: { label: string; value: string; onChange: (v: string) => void; placeholder?: string }) {
  return (
    <FormField label={props.label}>
      <Input
        value={props.value}
        placeholder={props.placeholder}
        onChange={({ detail }) => props.onChange(detail.value)}
      />
    </FormField>
  );
}

/**
 * An agreement's start and end dates, and its Remove button (distribution and fulfilment rows
 * alike): an array, not a fragment, so the row's ColumnLayout gives each its own column.
 */
function agreementTerm(props: {
  row: { start: string; end: string };
  readOnly: boolean;
  onChange: (change: { start?: string; end?: string }) => void;
  onRemove: () => void;
}) {
  return [
    <DateField key="start" label="Start" value={props.row.start} onChange={(day) => props.onChange({ start: day })} />,
    <DateField key="end" label="End" value={props.row.end} onChange={(day) => props.onChange({ end: day })} />,
    props.readOnly ? null : (
      <Button key="remove" variant="inline-link" onClick={props.onRemove}>
        Remove
      </Button>
    ),
  ];
}

/**
 * A label's contract file, distribution and fulfilment agreements, and links
 * to its notebook and to-do list. The contract goes straight to storage through a presigned PUT
 * (POST /labels/{id}/contract_upload) and is saved as `contract_key`; agreements are saved whole.
 * Admin pages show them read-only (uploads are the company's own calls).
 */
export function LabelAgreementsPanel({
  label,
  mode,
  onSaved,
}: {
  label: LabelView;
  mode: LabelMode;
  onSaved: () => void;
}) {
  // Saving the agreements and the contract is PATCH /labels/{id} (catalogue.write): a member whose role only reads
  // the catalogue sees them, like the admin's page across companies.
  const mayChange = usePermits('catalogue.write');
  const readOnly = mode === 'admin' || !mayChange;
  const [values, setValues] = useState<AgreementValues>(() => agreementValues(label));
  const [errors, setErrors] = useState<string[]>([]);
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const path = `/labels/${enc(label.id)}`;
  const options = { companyId: label.company_id };

  const patch = async (body: object) => {
    setBusy(true);
    setErrors([]);
    try {
      await api.patch(path, body, options);
      notify('notification', 'Label Updated');
      onSaved();
    } catch (error) {
      const fields = error instanceof ApiError ? Object.values(error.errors ?? {}).flat() : [];
      setErrors(fields.length ? fields : [errorMessage(error)]);
    } finally {
      setBusy(false);
    }
  };
  const uploadContract = async (file: File) => {
    const contentType = file.type || 'application/octet-stream';
    if (!(GUIDE_CONTENT_TYPES as readonly string[]).includes(contentType)) {
      setErrors(['The contract must be a PDF, Word, Excel, text, CSV or zip file']);
      return;
    }
    try {
      const presigned = await api.post<Presigned>(
        `${path}/contract_upload`,
        { filename: file.name, content_type: contentType, size: file.size },
        options,
      );
      await putWithProgress(presigned.url, file, presigned.headers ?? { 'content-type': contentType }, () => {});
      setFiles([]);
      await patch({ contract_key: presigned.key });
    } catch (error) {
      setErrors([errorMessage(error)]);
    }
  };

  const setDistribution = (index: number, change: Partial<DistributionRow>) =>
    setValues((v) => ({ ...v, distribution: v.distribution.map((r, i) => (i === index ? { ...r, ...change } : r)) }));
  const setFulfilment = (index: number, change: Partial<FulfilmentRow>) =>
    setValues((v) => ({ ...v, fulfilment: v.fulfilment.map((r, i) => (i === index ? { ...r, ...change } : r)) }));
  const tools = labelToolLinks(label);

  return (
    <Container
      data-testid="label-agreements"
      header={
        <Header
          variant="h2"
          actions={
            readOnly ? undefined : (
              <Button variant="primary" loading={busy} onClick={() => void patch(agreementsPayload(values))}>
                Save agreements
              </Button>
            )
          }
        >
          Contract and agreements
        </Header>
      }
    >
      <SpaceBetween size="l">
        <ColumnLayout columns={3}>
          <FormField label="Contract">
            {label.contract ? (
              <SpaceBetween direction="horizontal" size="s">
                <Link href={label.contract.url} external data-testid="label-contract-link">
                  {label.contract.filename ?? 'Contract'}
                </Link>
                {readOnly ? null : (
                  <Button variant="inline-link" onClick={() => void patch({ contract_key: null })}>
                    Remove
                  </Button>
                )}
              </SpaceBetween>
            ) : (
              <Box color="text-body-secondary">No contract</Box>
            )}
          </FormField>
          {readOnly ? null : (
            <FileUpload
              value={files}
              onChange={({ detail }) => {
                setFiles(detail.value);
                if (detail.value[0]) void uploadContract(detail.value[0]);
              }}
              i18nStrings={fileUploadStrings({
                uploadButtonText: () => (label.contract ? 'Replace contract' : 'Upload contract'),
              })}
              data-testid="label-contract-upload"
            />
          )}
          <SpaceBetween size="xxs">
            <RouterLink href={tools.notebook} data-testid="label-notebook-link">
              Notebook
            </RouterLink>
            <RouterLink href={tools.todoList} data-testid="label-todo-list-link">
              To-do list
            </RouterLink>
          </SpaceBetween>
        </ColumnLayout>

        <Header
          variant="h3"
          actions={
            readOnly ? undefined : (
              <Button
                onClick={() =>
                  setValues((v) => ({
                    ...v,
                    distribution: [...v.distribution, { distributor: null, start: '', end: '', notes: '' }],
                  }))
                }
              >
                Add distribution agreement
              </Button>
            )
          }
        >
          Distribution agreements
        </Header>
        {values.distribution.length ? null : <Box color="text-body-secondary">No distribution agreements.</Box>}
        {values.distribution.map((row, index) => (
          <ColumnLayout key={row.id ?? `d-${index}`} columns={4}>
            <FormField label="Distributor">
              <RecordPicker
                source={pickerSource('distributors')}
                value={row.distributor}
                onChange={(picked) => setDistribution(index, { distributor: picked })}
                testId={`label-distribution-${index}`}
                placeholder="Choose distributor"
              />
            </FormField>
            {agreementTerm({
              row,
              readOnly,
              onChange: (change) => setDistribution(index, change),
              onRemove: () => setValues((v) => ({ ...v, distribution: v.distribution.filter((_, i) => i !== index) })),
            })}
          </ColumnLayout>
        ))}

        <Header
          variant="h3"
          actions={
            readOnly ? undefined : (
              <Button
                onClick={() =>
                  setValues((v) => ({
                    ...v,
                    fulfilment: [...v.fulfilment, { fulfiller: '', start: '', end: '', notes: '' }],
                  }))
                }
              >
                Add fulfilment agreement
              </Button>
            )
          }
        >
          Fulfilment agreements
        </Header>
        {values.fulfilment.length ? null : <Box color="text-body-secondary">No fulfilment agreements.</Box>}
        {values.fulfilment.map((row, index) => (
          <ColumnLayout key={row.id ?? `f-${index}`} columns={4}>
            <Text label="Fulfiller" value={row.fulfiller} onChange={(v) => setFulfilment(index, { fulfiller: v })} />
            {agreementTerm({
              row,
              readOnly,
              onChange: (change) => setFulfilment(index, change),
              onRemove: () => setValues((v) => ({ ...v, fulfilment: v.fulfilment.filter((_, i) => i !== index) })),
            })}
          </ColumnLayout>
        ))}
        <ErrorLines errors={errors} testId="label-agreements-errors" />
      </SpaceBetween>
    </Container>
  );
}
