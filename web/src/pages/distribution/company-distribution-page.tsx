import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import DatePicker from '@cloudscape-design/components/date-picker';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useParams } from 'react-router';
import { notify, notifyError } from '../../app/notifications';
import { useApi } from '../../app/resources';
import { useSession } from '../../app/session';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { RouterLink } from '../../components/router-link';
import { routePath } from '../../app/route-table';
import { pickerSource, RecordPicker, type PickedRecord } from '../../components/record-picker';
import { ConnectionsTable } from './connections-table';
import { DistributorLinksTable, OwnDistributorLinks } from './distributor-links-table';
import {
  companyDistributionPath,
  saveCompanyDistributor,
  uploadContract,
  type CompanyDistribution,
} from './distribution-api';
import { fileUploadStrings } from '../../components/file-upload-strings';

/** The form that links a distributor to the company, with the contract's dates and file. */
function DistributorForm({ companyId, onSaved }: { companyId: string; onSaved: () => Promise<unknown> }) {
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
        <FormField label="Contract start date">
          <DatePicker value={start} onChange={({ detail }) => setStart(detail.value)} placeholder="YYYY/MM/DD" />
        </FormField>
        <FormField label="Contract end date">
          <DatePicker value={end} onChange={({ detail }) => setEnd(detail.value)} placeholder="YYYY/MM/DD" />
        </FormField>
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

/** An admin's view: the company's distributors with their contracts, and its DSP links. */
function AdminCompanyDistribution({ companyId }: { companyId: string }) {
  const { data, error, mutate } = useApi<CompanyDistribution>(companyDistributionPath(companyId), undefined, companyId);
  if (error) return <ApiErrorAlert error={error} onRetry={() => void mutate()} />;
  return (
    <ContentLayout
      header={<Header variant="h1">{data ? `${data.company.name}: distribution` : 'Company distribution'}</Header>}
    >
      <SpaceBetween size="l">
        <DistributorLinksTable rows={data?.company_distributors} loading={!data} testId="company-distributors" />
        <DistributorForm companyId={companyId} onSaved={() => mutate()} />
        <ConnectionsTable
          title="DSP connections"
          testId="company-distribution-dsps"
          path={`/companies/${encodeURIComponent(companyId)}/dsp_connections`}
          companyId={companyId}
          showCompany={false}
        />
      </SpaceBetween>
    </ContentLayout>
  );
}

/**
 * A member's Distribution: the distributors the company delivers through, and where its stores are (the menu's
 * DSPs entry is that page; this one must not repeat it).
 */
function MemberCompanyDistribution({ companyId }: { companyId: string }) {
  return (
    <ContentLayout header={<Header variant="h1">Distribution</Header>}>
      <SpaceBetween size="l">
        <OwnDistributorLinks companyId={companyId} />
        <Container header={<Header variant="h2">Stores</Header>}>
          {'The stores your company delivers to, and requests for others, are on the '}
          <RouterLink href={routePath('UserCompanyDsps', { companyId })}>DSPs</RouterLink>
          {' page. A release is sent to a store from its Distribution tab.'}
        </Container>
      </SpaceBetween>
    </ContentLayout>
  );
}

/**
 * CompanyDistribution (/user/companies/{companyId}/distribution) and the admin company page's
 * distribution section: admins manage distributors and see DSP links; members see their distributors.
 */
export function CompanyDistributionPage() {
  const { companyId = '' } = useParams();
  const { user } = useSession();
  return user?.role === 'admin' ? (
    <AdminCompanyDistribution companyId={companyId} />
  ) : (
    <MemberCompanyDistribution companyId={companyId} />
  );
}
