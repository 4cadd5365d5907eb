import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { routePath } from '../../../app/route-table';
import { RouterLink } from '../../../components/router-link';
import { StatusBadge } from '../../../components/status-badge';
import type { AdminCompany } from '../../../../../shared/schemas/company-views';
import { ConnectionsTable } from '../../distribution/connections-table';
import { MY_CONNECTIONS } from '../../distribution/distribution-api';
import { CompanyFrame } from './company-frame';

type DistributorLink = {
  id: string;
  distributor?: { name?: string } | null;
  contract_start_date?: string;
  contract_end_date?: string;
  active?: boolean;
  base?: boolean;
  terminated?: boolean;
};

const dash = (v: string | undefined) => v || '-';

/** The distributors the company delivers through, as admins connected them (read-only here). */
function DistributorLinks({ company }: { company: AdminCompany }) {
  const rows = (company.company_distributors ?? []) as DistributorLink[];
  return (
    <Table<DistributorLink>
      data-testid="company-distributor-links"
      header={
        <Header variant="h2" counter={`(${rows.length})`} description="Set up by the platform's admins.">
          Distributors
        </Header>
      }
      items={rows}
      trackBy="id"
      columnDefinitions={[
        { id: 'name', header: 'Distributor', isRowHeader: true, cell: (r) => dash(r.distributor?.name) },
        { id: 'start', header: 'Contract start', cell: (r) => dash(r.contract_start_date) },
        { id: 'end', header: 'Contract end', cell: (r) => dash(r.contract_end_date) },
        {
          id: 'status',
          header: 'Status',
          cell: (r) => <StatusBadge word={r.terminated ? 'terminated' : r.active === false ? 'inactive' : 'active'} />,
        },
        { id: 'base', header: 'Base', cell: (r) => (r.base ? 'Yes' : 'No') },
      ]}
      empty="Not linked to a distributor."
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
          <DistributorLinks company={company} />
        </SpaceBetween>
      )}
    </CompanyFrame>
  );
}
