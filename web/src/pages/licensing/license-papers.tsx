import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { formatDate } from '../../../../shared/format';
import { api, errorMessage, putWithProgress } from '../../app/api';
import { notify } from '../../app/notifications';
import { fileUploadStrings } from '../../components/file-upload-strings';
import type { License } from './licensing-api';

/** Opens a short-lived link the API hands out (a document, the signed copy). */
async function openLink(path: string) {
  try {
    const { url } = await api.get<{ url: string }>(path);
    window.open(url, '_blank', 'noopener');
  } catch (failure) {
    notify('error', errorMessage(failure));
  }
}

/**
 * The licence's papers: the quote and the licence written from the company's templates (PDF to read
 * and sign, Word for lawyers), and the signed copy, uploaded straight to storage.
 */
export function LicensePapers({ license, onChanged }: { license: License; onChanged: (l: License) => void }) {
  const [files, setFiles] = useState<File[]>([]);
  const base = `/licenses/${encodeURIComponent(license.id)}`;
  const upload = async (chosen: File[]) => {
    const file = chosen[0];
    if (!file) return;
    try {
      const type = file.type || 'application/pdf';
      const presigned = await api.post<{ url: string; key: string; headers?: Record<string, string> }>(
        `${base}/signed_copy_upload`,
        { filename: file.name, content_type: type, size: file.size },
      );
      await putWithProgress(presigned.url, file, presigned.headers ?? { 'content-type': type }, () => {});
      const answer = await api.put<{ license: License; message: string }>(`${base}/signed_copy`, {
        signed_copy_key: presigned.key,
      });
      notify('notification', answer.message);
      onChanged(answer.license);
    } catch (failure) {
      notify('error', errorMessage(failure));
    } finally {
      setFiles([]);
    }
  };
  return (
    <Container
      data-testid="license-papers"
      header={
        <Header variant="h2" description="Written from the company’s licence templates">
          Documents
        </Header>
      }
    >
      <SpaceBetween size="m">
        <SpaceBetween direction="horizontal" size="xs">
          <Button
            data-testid="license-quote-pdf"
            onClick={() => void openLink(`${base}/document?kind=quote&format=pdf`)}
          >
            Quote (PDF)
          </Button>
          <Button onClick={() => void openLink(`${base}/document?kind=quote&format=docx`)}>Quote (Word)</Button>
          <Button
            data-testid="license-document-pdf"
            onClick={() => void openLink(`${base}/document?kind=licence&format=pdf`)}
          >
            Licence (PDF)
          </Button>
          <Button onClick={() => void openLink(`${base}/document?kind=licence&format=docx`)}>Licence (Word)</Button>
        </SpaceBetween>
        <FormField label="Signed copy" description="The licence as both parties signed it (PDF, image or Word)">
          <SpaceBetween size="xs">
            {license.signed_copy_file_name ? (
              <Box data-testid="license-signed-copy">
                <Button variant="inline-link" onClick={() => void openLink(`${base}/signed_copy`)}>
                  {license.signed_copy_file_name}
                </Button>
              </Box>
            ) : (
              <Box color="text-body-secondary">No signed copy yet</Box>
            )}
            <FileUpload
              value={files}
              onChange={({ detail }) => {
                setFiles(detail.value);
                if (detail.value.length) void upload(detail.value);
              }}
              i18nStrings={fileUploadStrings({
                uploadButtonText: () => 'Upload signed copy',
                dropzoneText: () => 'Drop the file',
              })}
            />
          </SpaceBetween>
        </FormField>
      </SpaceBetween>
    </Container>
  );
}

/** The licensee's reports: how often they are due, the next one, and recording one as received. */
export function LicenseReports({ license, onChanged }: { license: License; onChanged: (l: License) => void }) {
  const [busy, setBusy] = useState(false);
  if (!license.report_every_months) return null;
  const due = license.next_report_due;
  const overdue = due !== null && due < new Date().toISOString().slice(0, 10);
  const received = async () => {
    setBusy(true);
    try {
      const answer = await api.post<{ license: License; message: string }>(
        `/licenses/${encodeURIComponent(license.id)}/report_received`,
        { due_date: due },
      );
      notify('notification', answer.message);
      onChanged(answer.license);
    } catch (failure) {
      notify('error', errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Container
      data-testid="license-reports"
      header={
        <Header
          variant="h2"
          description={`The licensee reports its use every ${license.report_every_months} months`}
          actions={
            due ? (
              <Button data-testid="license-report-received" disabled={busy} onClick={() => void received()}>
                Record report received
              </Button>
            ) : null
          }
        >
          Licensee reports
        </Header>
      }
    >
      <SpaceBetween size="xs">
        <Box data-testid="license-next-report">
          {due
            ? `Next report due on ${formatDate(due)}${overdue ? ' (overdue)' : ''}`
            : 'No report due while the licence is not in force'}
        </Box>
        {license.report_received_on ? (
          <Box color="text-body-secondary">{`Last report received on ${formatDate(license.report_received_on)}`}</Box>
        ) : null}
      </SpaceBetween>
    </Container>
  );
}
