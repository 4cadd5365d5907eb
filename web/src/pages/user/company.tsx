import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Table from '@cloudscape-design/components/table';
import { useParams } from 'react-router';
import { currencyCode } from '../../../../shared/money';
import { useCompany } from '../../app/resources';
import type { AdminCompany } from '../../../../shared/schemas/company-views';
import { CellNote } from '../../components/cell-note';
import { EmailAddress } from '../../components/email-address';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { StatusBadge } from '../../components/status-badge';
import { CompanyNav } from './company/company-frame';
import { formatPercent } from '../../../../shared/format';

type Member = AdminCompany['company_users'][number];

/** UserCompany: a company's details and its users with their roles (read-only). */
export function UserCompanyPage() {
  const { companyId } = useParams();
  const { data, error, isLoading, mutate } = useCompany(companyId);
  if (error) return <ApiErrorAlert error={error} onRetry={() => void mutate()} header="Could not load the company" />;
  if (isLoading || !data) return <Spinner size="large" />;
  const c = data.company;
  const dash = (v: unknown) => (v === undefined || v === null || v === '' ? '-' : String(v));
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={<CompanyNav companyId={c.id} />}>
          {c.name}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Container header={<Header variant="h2">Details</Header>} data-testid="company-details">
          <KeyValuePairs
            columns={3}
            items={[
              { label: 'E-mail', value: dash(c.email) },
              { label: 'Distributed', value: c.distributed ? <StatusBadge word="distributed" /> : 'No' },
              {
                label: 'Tags',
                value: c.tags?.length ? (
                  <SpaceBetween direction="horizontal" size="xxs">
                    {c.tags.map((t) => (
                      <StatusBadge key={t} word={t} />
                    ))}
                  </SpaceBetween>
                ) : (
                  '-'
                ),
              },
              {
                label: 'Deal percentage',
                value: c.deal_percentage === undefined ? '-' : formatPercent(c.deal_percentage),
              },
              {
                label: 'Currency',
                value: currencyCode(c.currency) || '-',
              },
              { label: 'VAT number', value: dash(c.vat_number) },
              { label: 'Registration number', value: dash(c.registration_number) },
            ]}
          />
        </Container>
        <Table<Member>
          wrapLines
          data-testid="company-users"
          header={
            <Header variant="h2" counter={`(${c.company_users.length})`}>
              Users
            </Header>
          }
          items={c.company_users}
          trackBy="user_id"
          columnDefinitions={[
            // The e-mail under the name, so a long address does not push the role off a 1,000 px window.
            {
              id: 'name',
              header: 'Name',
              cell: (u) => (
                <>
                  {u.name || '-'}
                  <CellNote>
                    <EmailAddress email={u.email} />
                  </CellNote>
                </>
              ),
            },
            {
              id: 'role',
              header: 'Role',
              cell: (u) => <StatusBadge word={u.role} testId={`company-user-role-${u.user_id}`} />,
            },
          ]}
          empty="No users."
        />
      </SpaceBetween>
    </ContentLayout>
  );
}
