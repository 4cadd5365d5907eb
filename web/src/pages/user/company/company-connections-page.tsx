import SpaceBetween from '@cloudscape-design/components/space-between';
import { routePath } from '../../../app/route-table';
import { RouterLink } from '../../../components/router-link';
import { ConnectionsTable } from '../../distribution/connections-table';
import { OwnDistributorLinks } from '../../distribution/distributor-links-table';
import { MY_CONNECTIONS } from '../../distribution/distribution-api';
import { CompanyFrame } from './company-frame';

/** UserCompanyConnections: the company's store (DSP) connections and its distributor links. */
export function CompanyConnectionsPage() {
  return (
    <CompanyFrame title="Connections">
      {(company) => (
        <SpaceBetween size="l">
          <ConnectionsTable
            title="DSP connections"
            empty="No DSP connections yet"
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
          <OwnDistributorLinks companyId={company.id} />
        </SpaceBetween>
      )}
    </CompanyFrame>
  );
}
