import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { ROUTE_BY_NAME, routePath } from '../../../app/route-table';
import { useRouteDef } from '../../../app/route-meta';
import { RecordState } from '../../../components/record-state';
import { RouterLink } from '../../../components/router-link';
import type { AdminCompany } from '../../../../../shared/schemas/company-views';
import { useCanManage, useOwnCompany } from './company-api';

/** The company's pages, in the order the side of every company page lists them. */
const PAGES: { name: string; label: string; manage?: boolean }[] = [
  { name: 'UserCompany', label: 'Overview' },
  { name: 'UserCompanySettings', label: 'Settings' },
  { name: 'UserCompanyEdit', label: 'Edit', manage: true },
  { name: 'UserCompanyUsers', label: 'Users' },
  { name: 'UserCompanyConnections', label: 'Connections' },
  { name: 'UserCompanyRequestLabel', label: 'Request a label' },
  { name: 'UserCompanyApiTokens', label: 'API tokens', manage: true },
  // The plans slice's page; listed once its route exists.
  { name: 'UserCompanyPlan', label: 'Plan' },
];

/** Links between the company's pages; the current one is plain text. */
export function CompanyNav({ companyId }: { companyId: string }) {
  const canManage = useCanManage(companyId);
  const current = useRouteDef()?.name;
  return (
    <nav aria-label="Company pages" data-testid="company-nav">
      <SpaceBetween direction="horizontal" size="m">
        {PAGES.filter((p) => ROUTE_BY_NAME.has(p.name) && (!p.manage || canManage)).map((p) =>
          p.name === current ? (
            <strong key={p.name}>{p.label}</strong>
          ) : (
            <RouterLink key={p.name} href={routePath(p.name, { companyId })} data-testid={`company-nav-${p.name}`}>
              {p.label}
            </RouterLink>
          ),
        )}
      </SpaceBetween>
    </nav>
  );
}

/** A company page: loads the company, then shows its name, the page title and the links between its pages. */
export function CompanyFrame({
  title,
  children,
}: {
  title: string;
  children: (company: AdminCompany, canManage: boolean) => ReactNode;
}) {
  const { companyId = '' } = useParams();
  const canManage = useCanManage(companyId);
  const { data, error, isLoading, mutate } = useOwnCompany(companyId);
  return (
    <RecordState
      error={error}
      isLoading={isLoading}
      data={data?.company}
      retry={mutate}
      errorHeader="Could not load the company"
    >
      {(company) => (
        <ContentLayout
          header={
            <Header variant="h1" description={<CompanyNav companyId={company.id} />}>
              {`${company.name}: ${title}`}
            </Header>
          }
        >
          {children(company, canManage)}
        </ContentLayout>
      )}
    </RecordState>
  );
}
