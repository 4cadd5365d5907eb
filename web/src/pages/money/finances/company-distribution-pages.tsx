import Alert from '@cloudscape-design/components/alert';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useSession } from '../../../app/session';
import { ExpensesPage } from '../expenses/expenses-page';
import { StatementsTable } from '../statements/statements-table';
import { OtherCompanyNotice } from './other-company-notice';

/**
 * A company's lists that only its current company can open (the statements and expenses calls
 * answer the current company): the list when `companyId` is the current company, else the offer
 * to work in it (OtherCompanyNotice) and no call for another company's records.
 */
function InCurrentCompany({ title, children }: { title: string; children: ReactNode }) {
  const { companyId = '' } = useParams();
  const { company } = useSession();
  if (company?.id === companyId) return <>{children}</>;
  return (
    <ContentLayout header={<Header variant="h1">{title}</Header>}>
      <SpaceBetween size="m">
        <OtherCompanyNotice companyId={companyId} />
        <Alert type="info" data-testid="company-list-other-company">
          {title} are shown for the current company only.
        </Alert>
      </SpaceBetween>
    </ContentLayout>
  );
}

/** UserCompanyFinancesDistributionStatements: the current company's distribution statements. */
export function CompanyDistributionStatementsPage() {
  return (
    <InCurrentCompany title="Distribution statements">
      <ContentLayout>
        <StatementsTable
          tableId="company-distribution-statements"
          title="Distribution statements"
          description="The company's distribution statements, newest first."
          selectable={false}
          fixed={{ type: 'DistributionStatement' }}
        />
      </ContentLayout>
    </InCurrentCompany>
  );
}

/** UserCompanyFinancesDistributionExpenses: the current company's distribution expenses (expense-model.ts). */
export function CompanyDistributionExpensesPage() {
  return (
    <InCurrentCompany title="Distribution expenses">
      <ExpensesPage />
    </InCurrentCompany>
  );
}
