import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { MESSAGES } from '../../../../../shared/messages';
import { useSession } from '../../../app/session';
import { useMayOpen } from '../../../app/use-may-open';
import { useFinances, type FinancesSource } from './finance-api';
import { FinancesPanel } from './finances-panel';
import { OtherCompanyNotice } from './other-company-notice';
import { LabelParamPicker, LoadState, PeriodPage, UrlPeriodPicker } from './period-views';
import { useFinancePages, useLabelParam, usePeriod } from './use-period';

/**
 * A finances page: the h1 with the period picker (default 12 months to the end of last month)
 * and the page's own controls, then the finances of `source` for that period.
 */
function FinancesPage({
  title,
  description,
  source,
  companyId,
  controls,
  links = [],
}: {
  title: string;
  description?: string;
  source: FinancesSource | null;
  /** Reads the view as this company (a company's page, not the current company's). */
  companyId?: string;
  controls?: ReactNode;
  links?: [string, string][];
}) {
  const navigate = useNavigate();
  const mayOpen = useMayOpen();
  const [period] = usePeriod();
  const pages = useFinancePages();
  const load = useFinances(source, period, companyId);
  const { data } = load;
  return (
    <PeriodPage
      title={title}
      description={data ? `${description ?? data.finances.scope.name}` : description}
      actions={
        <SpaceBetween direction="horizontal" size="xs">
          {links
            .filter(([, href]) => mayOpen(href))
            .map(([text, href]) => (
              <Button key={href} onClick={() => navigate(href)}>
                {text}
              </Button>
            ))}
          <UrlPeriodPicker testId="finances-period" />
        </SpaceBetween>
      }
      controls={controls}
    >
      {source ? (
        <LoadState load={load} errorHeader="Could not load the finances">
          {(answer) => <FinancesPanel view={answer.finances} pages={pages} />}
        </LoadState>
      ) : null}
    </PeriodPage>
  );
}

/** UserFinances (/user/finances): the current company's finances. */
export function UserFinancesPage() {
  const { company } = useSession();
  return (
    <FinancesPage
      title="Finances"
      description={company?.name}
      source={{ type: 'company' }}
      links={[
        ['Statements', '/user/finances/statements'],
        ['Royalties', '/user/royalties'],
        ['Expenses', '/user/labels/finances/expenses'],
        ['Import opening balances', '/user/finances/opening_balances'],
      ]}
    />
  );
}

/** A page's path with the chosen label in its query, so the next page shows the same label. */
const withLabel = (path: string, label: { id: string; name: string } | null) =>
  label ? `${path}?${new URLSearchParams({ label_id: label.id, label_name: label.name })}` : path;

/**
 * UserLabelFinances (/user/labels/finances): one label's finances, chosen with the picker
 * (kept in the URL as label_id and label_name); before one is chosen, every label of the company.
 */
export function LabelFinancesPage() {
  const [label, choose] = useLabelParam();
  return (
    <FinancesPage
      title="Label finances"
      description={label ? label.name : 'Every label of the company: choose one to see its own'}
      source={label ? { type: 'label', id: label.id } : { type: 'company' }}
      links={[
        ['Royalties', '/user/labels/finances/royalties'],
        ['Accounting', withLabel('/user/labels/finances/royalties/reports', label)],
        ['Expenses', '/user/labels/finances/expenses'],
      ]}
      controls={<LabelParamPicker label={label} onChange={choose} placeholder="Every label" />}
    />
  );
}

/**
 * UserCompanyFinances (/user/companies/{id}/finances and its analytics) and
 * DistributionCompanyFinances: a company's finances, read as that company.
 */
export function CompanyFinancesPage() {
  const { companyId = '' } = useParams();
  return (
    <FinancesPage
      title="Company finances"
      source={{ type: 'company_id', id: companyId }}
      companyId={companyId}
      controls={<OtherCompanyNotice companyId={companyId} />}
    />
  );
}

/** UserCompanyFinancesLabelItem (/user/companies/{id}/finances/label/{labelId}): one label of a company. */
export function CompanyLabelFinancesPage() {
  const { companyId = '', labelId = '' } = useParams();
  return (
    <FinancesPage
      title="Label finances"
      source={{ type: 'label', id: labelId }}
      companyId={companyId}
      controls={<OtherCompanyNotice companyId={companyId} />}
    />
  );
}

/**
 * DistributionFinances (/distribution/finances): the current company's finances, like the
 * distribution area's royalties and statements (the platform's figures by company are on the
 * Distribution Dashboard).
 */
export function DistributionFinancesPage() {
  const { company } = useSession();
  return (
    <FinancesPage
      title="Distribution finances"
      description={company?.name}
      source={company ? { type: 'company' } : null}
      controls={
        company ? null : (
          <Alert type="info">{MESSAGES.missingCompany}: choose a current company to see its finances.</Alert>
        )
      }
      links={[
        ['Statements', '/distribution/finances/statements'],
        ['Payments', '/distribution/finances/payments'],
        ['Royalties', '/distribution/finances/royalties'],
      ]}
    />
  );
}
