import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useMyCompanies } from '../../app/resources';
import { setCurrentCompany, useSession } from '../../app/session';
import type { CompanySummary } from '../../../../shared/schemas/user-views';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { RouterLink } from '../../components/router-link';
import { StatusBadge } from '../../components/status-badge';
import { CreateCompanyForm } from './create-company-form';
import { PendingInvitations } from './pending-invitations';
import { useState } from 'react';

/** UserCompanies: the companies the user belongs to, with their role and a way to make one current. */
export function UserCompaniesPage() {
  const { company, user } = useSession();
  const { data, error, isLoading, mutate } = useMyCompanies();
  const items = data?.companies ?? [];
  const [creating, setCreating] = useState(false);
  // Each company's plan as GET /me lists it (the side menu's badges read the current company's).
  const planOf = (id: string) => user?.companies.find((c) => c.id === id)?.plan;
  const isAdmin = user?.role === 'admin';
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          counter={data ? `(${data.total_count})` : undefined}
          description={isAdmin ? 'The companies you are a member of.' : 'The companies you work in.'}
          actions={
            <Button onClick={() => setCreating(true)} disabled={creating} data-testid="companies-create">
              Create company
            </Button>
          }
        >
          Companies
        </Header>
      }
    >
      <SpaceBetween size="m">
        {error ? <ApiErrorAlert error={error} onRetry={() => void mutate()} /> : null}
        <PendingInvitations />
        {creating ? (
          <Container header={<Header variant="h2">New company</Header>}>
            <CreateCompanyForm onCancel={() => setCreating(false)} />
          </Container>
        ) : null}
        <Table<CompanySummary>
          wrapLines
          data-testid="companies-table"
          items={items}
          loading={isLoading}
          loadingText="Loading companies"
          trackBy="id"
          columnDefinitions={[
            {
              id: 'name',
              header: 'Name',
              cell: (c) => <RouterLink href={`/user/companies/${c.id}`}>{c.name}</RouterLink>,
            },
            { id: 'role', header: 'Your role', cell: (c) => (c.role ? <StatusBadge word={c.role} /> : '-') },
            {
              id: 'plan',
              header: 'Plan',
              cell: (c) => (
                <RouterLink href={`/user/companies/${c.id}/plan`} data-testid={`companies-plan-${c.id}`}>
                  {planOf(c.id)?.name ?? 'Plan'}
                </RouterLink>
              ),
            },
            // Distributed is a company's mark beside its tags: one column, so the list fits a 1,000 px window.
            {
              id: 'tags',
              header: 'Tags',
              cell: (c) =>
                c.distributed || c.tags?.length ? (
                  <SpaceBetween direction="horizontal" size="xxs">
                    {c.distributed ? <StatusBadge word="distributed" /> : null}
                    {(c.tags ?? []).map((t) => (
                      <StatusBadge key={t} word={t} />
                    ))}
                  </SpaceBetween>
                ) : (
                  '-'
                ),
            },
            {
              id: 'current',
              header: 'Current',
              cell: (c) =>
                c.id === company?.id ? (
                  <StatusIndicator type="success">Connected</StatusIndicator>
                ) : (
                  <Button
                    variant="inline-link"
                    onClick={() => setCurrentCompany({ ...c, tags: c.tags ?? [], plan: planOf(c.id) })}
                    data-testid={`companies-set-${c.id}`}
                  >
                    Make current
                  </Button>
                ),
            },
          ]}
          empty={
            // An admin works in every company without being a member of any: nothing is missing, so the page points
            // to every company instead of asking them to join one.
            isAdmin ? (
              <Box textAlign="center" data-testid="companies-empty">
                As an admin you work in every company: open one from{' '}
                <RouterLink href="/admin/companies">all companies</RouterLink>, or choose it with Set Current Company.
              </Box>
            ) : (
              <Box textAlign="center" data-testid="companies-empty">
                You are not a member of any company yet: <RouterLink href="/user">get started</RouterLink> by creating
                one, or ask a company&apos;s manager to invite you.
              </Box>
            )
          }
        />
      </SpaceBetween>
    </ContentLayout>
  );
}
