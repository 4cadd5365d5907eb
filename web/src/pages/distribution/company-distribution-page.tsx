import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useParams } from 'react-router';
import { useApi } from '../../app/resources';
import { useSession } from '../../app/session';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { RouterLink } from '../../components/router-link';
import { routePath } from '../../app/route-table';
import { ConnectionsTable } from './connections-table';
import { DistributorLinksTable, OwnDistributorLinks } from './distributor-links-table';
import { companyDistributionPath, type CompanyDistribution } from './distribution-api';
import { DistributorForm } from './distributor-form';

/** The company's distribution settings page and, for admins, the page that adds a distributor. */
function DistributionLinks({ companyId, admin = false }: { companyId: string; admin?: boolean }) {
  return (
    <SpaceBetween direction="horizontal" size="xs">
      <RouterLink href={routePath('UserCompanyDistributionDistributionSettings', { companyId })}>
        Distribution settings
      </RouterLink>
      {admin ? (
        <RouterLink href={routePath('UserCompanyDistributionDistributorNew', { companyId })}>
          Add a distributor
        </RouterLink>
      ) : null}
    </SpaceBetween>
  );
}

/** An admin's view: the company's distributors with their contracts, and its DSP links. */
function AdminCompanyDistribution({ companyId }: { companyId: string }) {
  const { data, error, mutate } = useApi<CompanyDistribution>(companyDistributionPath(companyId), undefined, companyId);
  if (error) return <ApiErrorAlert error={error} onRetry={() => void mutate()} />;
  return (
    <ContentLayout
      header={
        <Header variant="h1" actions={<DistributionLinks companyId={companyId} admin />}>
          {data ? `${data.company.name}: distribution` : 'Company distribution'}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <DistributorLinksTable rows={data?.company_distributors} loading={!data} testId="company-distributors" />
        <DistributorForm companyId={companyId} onSaved={() => mutate()} />
        <ConnectionsTable
          title="DSP connections"
          empty="No DSP connections yet"
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
    <ContentLayout
      header={
        <Header variant="h1" actions={<DistributionLinks companyId={companyId} />}>
          Distribution
        </Header>
      }
    >
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
