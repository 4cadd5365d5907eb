import Button from '@cloudscape-design/components/button';
import { companyConnectionsConfig, companyDetailsConfig } from './company-sections';
import type { ReferenceRecord } from '../reference/reference-model';
import { ReferenceRowsTable, ReferenceValue } from '../reference/reference-values';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { DeleteModal } from '../../../components/delete-modal';
import { DetailHeader } from '../../../components/detail-header';
import { RecordState } from '../../../components/record-state';
import { RouterLink } from '../../../components/router-link';
import { StatusBadge } from '../../../components/status-badge';
import { RoleBadge } from '../users/role-select';
import { USERS_BASE } from '../users/user-api';
import { useSubscriptions } from '../subscriptions/subscription-api';
import { COMPANIES_BASE, deleteCompany, useAdminCompany } from './company-api';
import type { AdminCompany } from '../../../../../shared/schemas/company-views';
import { TagBadges } from './tag-badges';
import { currencyCode } from '../../../../../shared/money';
import { formatPercent } from '../../../../../shared/format';

const SECTIONS: [string, string][] = [
  ['connections', 'Connections'],
  ['distribution', 'Distribution'],
  ['site_settings', 'Site settings'],
];
/** The company's plan by its name, linking to the plan (its id shows only for a plan no longer listed). */
function PlanLink({ planId }: { planId: string }) {
  const { data } = useSubscriptions();
  const name = data?.subscriptions.find((plan) => plan.id === planId)?.name;
  return (
    <RouterLink href={`/admin/subscriptions/${encodeURIComponent(planId)}`} data-testid="company-plan">
      {name ?? (data ? planId : '…')}
    </RouterLink>
  );
}

const dash = (v: unknown) => (v === undefined || v === null || v === '' ? '-' : String(v));

/** CompanyAdmin (/admin/companies/{companyId}): the company, its users with roles, Edit and Delete. */
export function AdminCompanyDetailPage() {
  const { companyId } = useParams();
  const navigate = useNavigate();
  const { data, error, isLoading, mutate } = useAdminCompany(companyId);
  const [deleting, setDeleting] = useState(false);
  return (
    <RecordState
      error={error}
      isLoading={isLoading}
      data={data}
      retry={mutate}
      errorHeader="Could not load the company"
    >
      {(loaded) => {
        const c = loaded.company;
        const base = `${COMPANIES_BASE}/${encodeURIComponent(c.id)}`;

        return (
          <ContentLayout
            header={
              <DetailHeader
                testId="company"
                title={c.name}
                description={c.email}
                onDelete={() => setDeleting(true)}
                onEdit={() => navigate(`${base}/edit`)}
              />
            }
          >
            <SpaceBetween size="l">
              <Container header={<Header variant="h2">Details</Header>} data-testid="company-detail">
                <KeyValuePairs
                  columns={3}
                  items={[
                    { label: 'E-mail', value: dash(c.email) },
                    { label: 'Tags', value: <TagBadges tags={c.tags} /> },
                    { label: 'Distributed', value: c.distributed ? <StatusBadge word="distributed" /> : 'No' },
                    {
                      label: 'Deal percentage',
                      value:
                        c.deal_percentage === undefined || c.deal_percentage === null
                          ? '-'
                          : formatPercent(c.deal_percentage),
                    },
                    { label: 'Currency', value: currencyCode(c.currency) || '-' },
                    { label: 'Registration number', value: dash(c.registration_number) },
                    { label: 'VAT number', value: dash(c.vat_number) },
                    { label: 'VAT registered', value: c.vat_registered ? 'Yes' : 'No' },
                    {
                      label: 'Subscription plan',
                      value: c.subscription_id ? <PlanLink planId={c.subscription_id} /> : '-',
                    },
                  ]}
                />
              </Container>
              <CompanyExtras company={c} />
              <Table
                data-testid="company-users"
                header={
                  <Header
                    variant="h2"
                    counter={`(${c.company_users.length})`}
                    actions={<Button onClick={() => navigate(`${base}/edit`)}>Manage users</Button>}
                  >
                    Users
                  </Header>
                }
                items={c.company_users}
                trackBy="user_id"
                columnDefinitions={[
                  {
                    id: 'name',
                    header: 'Name',
                    isRowHeader: true,
                    cell: (m) => (
                      <RouterLink href={`${USERS_BASE}/${encodeURIComponent(m.user_id)}`}>
                        {m.name || '(no name)'}
                      </RouterLink>
                    ),
                  },
                  { id: 'email', header: 'E-mail', cell: (m) => m.email },
                  { id: 'role', header: 'Role', cell: (m) => <RoleBadge role={m.role} /> },
                ]}
                empty="No users yet."
              />
              <Container header={<Header variant="h2">Company sections</Header>}>
                <ColumnLayout columns={4} variant="text-grid">
                  {SECTIONS.map(([segment, text]) => (
                    <RouterLink key={segment} href={`${base}/${segment}`}>
                      {text}
                    </RouterLink>
                  ))}
                  {/* The company's page as its own members see it ("tenant" is the code's word, not theirs). */}
                  <RouterLink href={`/user/companies/${encodeURIComponent(c.id)}`}>As its members see it</RouterLink>
                </ColumnLayout>
              </Container>
            </SpaceBetween>
            {deleting ? (
              <DeleteModal
                noun="company"
                plural="companies"
                names={[c.name]}
                run={async (report) => report(await deleteCompany(c.id))}
                onClose={() => setDeleting(false)}
                onDeleted={() => navigate(COMPANIES_BASE, { replace: true })}
              />
            ) : null}
          </ContentLayout>
        );
      }}
    </RecordState>
  );
}

/** Profile, contract and self-billing, linked publishers and rightsholders, and distributor connections. */
function CompanyExtras({ company }: { company: AdminCompany }) {
  const record = company as unknown as ReferenceRecord;
  const details = companyDetailsConfig(company.id);
  const connections = companyConnectionsConfig(company.id);
  return (
    <>
      <Container header={<Header variant="h2">Profile and contract</Header>} data-testid="company-extras">
        <KeyValuePairs
          columns={3}
          items={details.fields
            .filter((f) => f.kind !== 'rows')
            .map((f) => ({
              label: f.label,
              value: <ReferenceValue config={details} record={record} field={f.name} />,
            }))}
        />
      </Container>
      <ColumnLayout columns={2}>
        {details.fields
          .filter((f) => f.kind === 'rows')
          .map((f) => (
            <Container key={f.name} header={<Header variant="h2">{f.label}</Header>}>
              <ReferenceRowsTable config={details} record={record} field={f.name} />
            </Container>
          ))}
      </ColumnLayout>
      <Container header={<Header variant="h2">Connections</Header>}>
        <ReferenceRowsTable config={connections} record={record} field="company_distributors" />
      </Container>
    </>
  );
}
