import { NotYetStatedNotice } from '../money/statements/not-yet-stated';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useNavigate } from 'react-router';
import { MESSAGES } from '../../../../shared/messages';
import { useLabels, useMe } from '../../app/resources';
import { openCompanyChooser, useSession } from '../../app/session';
import type { CurrentCompany } from '../../app/types';
import { RouterLink } from '../../components/router-link';
import { StatusBadge } from '../../components/status-badge';
import { DashboardFinances } from '../money/finances/dashboard-finances';
import { GetStartedPanel } from './get-started';
import { PendingInvitations } from './pending-invitations';
import { PageButton } from '../../components/page-button';

function CompanyLabels({ company }: { company: CurrentCompany }) {
  const navigate = useNavigate();
  const { data, error, isLoading } = useLabels({ page: 1, per_page: 5, sort_field: 'updated_at', sort_order: 'desc' });
  return (
    <Container
      header={
        <Header
          variant="h2"
          counter={data ? `(${data.total_count})` : undefined}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button onClick={() => navigate('/user/labels')}>All labels</Button>
              <PageButton variant="primary" href="/user/labels/new">
                Create label
              </PageButton>
            </SpaceBetween>
          }
        >
          Labels of {company.name}
        </Header>
      }
      data-testid="dashboard-labels"
    >
      {error ? <Alert type="error">{MESSAGES.dashboardLoadFailed}</Alert> : null}
      {isLoading ? <Spinner /> : null}
      {data ? (
        <SpaceBetween size="xs">
          <Box data-testid="dashboard-labels-count">
            {data.total_count} {data.total_count === 1 ? 'label' : 'labels'}
          </Box>
          {data.labels.map((label) => (
            <SpaceBetween key={label.id} direction="horizontal" size="xs" alignItems="center">
              <RouterLink href={`/user/labels/${label.id}`}>{label.name}</RouterLink>
              <StatusBadge word={label.active ? 'active' : 'inactive'} />
            </SpaceBetween>
          ))}
        </SpaceBetween>
      ) : null}
    </Container>
  );
}

/** UserDashboard: greeting, the current company, its finances with real figures, and its labels. */
export function UserDashboardPage() {
  const { user, company } = useSession();
  const me = useMe(); // picks up new memberships and settings
  if (!user) return null;
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={`Signed in as ${user.email}`}>
          Hi {user.name}
        </Header>
      }
    >
      <SpaceBetween size="l">
        {me.error ? <Alert type="error">{MESSAGES.dashboardLoadFailed}</Alert> : null}
        <PendingInvitations />
        {/* A user of no company (admins work in any) is led to create or join one: no dead end. */}
        {!company && !user.companies.length && user.role !== 'admin' ? <GetStartedPanel email={user.email} /> : null}
        <Container header={<Header variant="h2">Current company</Header>} data-testid="dashboard-company">
          {company ? (
            <KeyValuePairs
              columns={3}
              items={[
                {
                  label: 'Company',
                  value: <RouterLink href={`/user/companies/${company.id}`}>{company.name}</RouterLink>,
                },
                { label: 'Distributed', value: company.distributed ? 'Yes' : 'No' },
                {
                  label: 'Tags',
                  value: company.tags.length ? (
                    <SpaceBetween direction="horizontal" size="xxs">
                      {company.tags.map((t) => (
                        <StatusBadge key={t} word={t} />
                      ))}
                    </SpaceBetween>
                  ) : (
                    '-'
                  ),
                },
              ]}
            />
          ) : (
            <SpaceBetween size="s">
              {user.companies.length || user.role === 'admin' ? (
                <>
                  <Box>No current company is set. Choose one to work on its catalogue.</Box>
                  <Button variant="primary" onClick={() => openCompanyChooser()} data-testid="dashboard-set-company">
                    Set Current Company
                  </Button>
                </>
              ) : (
                <Box>No company yet: create one or accept an invitation above to start.</Box>
              )}
            </SpaceBetween>
          )}
        </Container>
        {company ? <DashboardFinances companyId={company.id} /> : null}
        {/* Late sales in months already stated (nothing shows for a role that does not see money). */}
        {company ? <NotYetStatedNotice /> : null}
        {company ? <CompanyLabels company={company} /> : null}
        <Container header={<Header variant="h2">Shortcuts</Header>}>
          <ColumnLayout columns={3} variant="text-grid">
            <RouterLink href="/user/companies">Your companies ({user.companies.length})</RouterLink>
            <RouterLink href="/user/profile">Your profile</RouterLink>
            <RouterLink href="/guides">Guides</RouterLink>
          </ColumnLayout>
        </Container>
      </SpaceBetween>
    </ContentLayout>
  );
}
