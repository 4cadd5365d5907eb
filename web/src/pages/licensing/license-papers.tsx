import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { formatDate } from '../../../../shared/format';
import { api, errorMessage } from '../../app/api';
import { notify } from '../../app/notifications';
import { RouterLink } from '../../components/router-link';
import { openLink, SignedCopyField } from '../../components/signed-copy-field';
import type { License } from './licensing-api';
import { usePermits } from '../../app/use-may-open';

/**
 * The licence's papers: the quote and the licence written from the company's templates (PDF to read
 * and sign, Word for lawyers), and the signed copy, uploaded straight to storage.
 */
export function LicensePapers({ license, onChanged }: { license: License; onChanged: (l: License) => void }) {
  const base = `/licenses/${encodeURIComponent(license.id)}`;
  return (
    <Container
      data-testid="license-papers"
      header={
        <Header
          variant="h2"
          description={
            <>
              Written from the company’s <RouterLink href="/user/licensing/templates">licence templates</RouterLink>
            </>
          }
        >
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
        <SignedCopyField<{ license: License; message: string }>
          base={base}
          fileName={license.signed_copy_file_name}
          description="The licence as both parties signed it (PDF, Word, or a scan or photo as JPEG or PNG)"
          testId="license-signed-copy"
          permission="catalogue.write"
          onSaved={(answer) => onChanged(answer.license)}
        />
      </SpaceBetween>
    </Container>
  );
}

/** The reports of a licence's use (the licensee's to us, or ours to the licensor): how often, the next one due, one received. */
export function LicenseReports({ license, onChanged }: { license: License; onChanged: (l: License) => void }) {
  const [busy, setBusy] = useState(false);
  // Recording a report is catalogue.write (POST /licenses/{id}/report_received).
  const mayRecord = usePermits('catalogue.write');
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
          description={
            license.type === 'outgoing'
              ? `The licensee reports its use every ${license.report_every_months} months`
              : `We report our use to the licensor every ${license.report_every_months} months`
          }
          actions={
            due && mayRecord ? (
              <Button data-testid="license-report-received" disabled={busy} onClick={() => void received()}>
                Record report received
              </Button>
            ) : null
          }
        >
          {license.type === 'outgoing' ? 'Licensee reports' : 'Reports to the licensor'}
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
