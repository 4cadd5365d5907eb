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
import { AccessDenied } from '../../../components/access-denied';
import type { Permission } from '../../../../../shared/permissions';
import { useCanManage, useCompanyPermits, useCompanyRefusal, useOwnCompany } from './company-api';

/**
 * The company's pages, in the order the side of every company page lists them; a page with a `permission` is listed
 * only to a member whose role in the company allows it (the permission of the API route the page exists to call).
 */
const PAGES: { name: string; label: string; permission?: Permission }[] = [
  { name: 'UserCompany', label: 'Overview' },
  { name: 'UserCompanySettings', label: 'Settings' },
  { name: 'UserCompanyEdit', label: 'Edit', permission: 'company.manage' },
  { name: 'UserCompanyUsers', label: 'Users' },
  { name: 'UserCompanyConnections', label: 'Connections' },
  // POST /label_requests is catalogue.write: a read-only member cannot ask for a label.
  { name: 'UserCompanyRequestLabel', label: 'Request a label', permission: 'catalogue.write' },
  { name: 'UserCompanyApiTokens', label: 'API tokens', permission: 'company.manage' },
  // The plans slice's page; listed once its route exists.
  { name: 'UserCompanyPlan', label: 'Plan' },
];

/** Links between the company's pages; the current one is plain text. */
export function CompanyNav({ companyId }: { companyId: string }) {
  const permits = useCompanyPermits(companyId);
  const listed = (permission: Permission | undefined) => !permission || permits(permission);
  const current = useRouteDef()?.name;
  return (
    <nav aria-label="Company pages" data-testid="company-nav">
      <SpaceBetween direction="horizontal" size="m">
        {PAGES.filter((p) => ROUTE_BY_NAME.has(p.name) && listed(p.permission)).map((p) =>
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

/**
 * A company page: loads the company, then shows its name, the page title and the links between its pages. A page
 * that exists to call a route of `permission` is refused, as the route guard refuses a page of the current company,
 * to a member whose role in this company does not allow it.
 */
export function CompanyFrame({
  title,
  permission,
  children,
}: {
  title: string;
  permission?: Permission;
  children: (company: AdminCompany, canManage: boolean) => ReactNode;
}) {
  const { companyId = '' } = useParams();
  const canManage = useCanManage(companyId);
  const refusal = useCompanyRefusal(companyId, permission);
  const { data, error, isLoading, mutate } = useOwnCompany(refusal ? undefined : companyId);
  if (refusal) return <AccessDenied message={refusal} />;
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
