import SpaceBetween from '@cloudscape-design/components/space-between';
import { routePath } from '../../../app/route-table';
import { RouterLink } from '../../../components/router-link';
import { useApi } from '../../../app/resources';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { ConnectionsTable } from '../../distribution/connections-table';
import { DistributorLinksTable } from '../../distribution/distributor-links-table';
import { MY_CONNECTIONS, type CompanyDistributor } from '../../distribution/distribution-api';
import { CompanyFrame } from './company-frame';

/** The distributors the company delivers through, as admins connected them (read-only here). */
function DistributorLinks({ companyId }: { companyId: string }) {
  const { data, error, mutate } = useApi<{ company_distributors: CompanyDistributor[] }>(
    '/company/distributors',
    undefined,
    companyId,
  );
  if (error) return <ApiErrorAlert error={error} onRetry={() => void mutate()} />;
  return (
    <DistributorLinksTable
      rows={data?.company_distributors}
      loading={!data}
      description="Set up by the platform's admins."
      testId="company-distributor-links"
    />
  );
}

/** UserCompanyConnections: the company's store (DSP) connections and its distributor links. */
export function CompanyConnectionsPage() {
  return (
    <CompanyFrame title="Connections">
      {(company) => (
        <SpaceBetween size="l">
          <ConnectionsTable
            title="DSP connections"
            testId="company-connections"
            path={MY_CONNECTIONS}
            companyId={company.id}
            showCompany={false}
            headerActions={() => (
              <RouterLink href={routePath('UserCompanyDsps', { companyId: company.id })}>
                Ask for another DSP
              </RouterLink>
            )}
          />
          <DistributorLinks companyId={company.id} />
        </SpaceBetween>
      )}
    </CompanyFrame>
  );
}
