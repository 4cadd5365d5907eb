import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useMemo } from 'react';
import { currencyCode } from '../../../../../shared/money';
import type { AdminCompany } from '../../../../../shared/schemas/company-views';
import { territoryName } from '../../../../../shared/territories';
import { companySiteSettingsConfig } from '../../admin/companies/company-sections';
import { CompanyFrame } from './company-frame';
import { CompanyPlanSlot } from './company-plan-slot';
import { OwnCompanyForm } from './own-company-form';

type Nested = Record<string, string | undefined> | null;
const dash = (v: unknown) => (v === undefined || v === null || v === '' ? '-' : String(v));
const fileName = (file: unknown) => dash((file as { filename?: string } | null)?.filename);

function Overview({ company }: { company: AdminCompany }) {
  const profile = (company.profile ?? {}) as Nested;
  return (
    <Container header={<Header variant="h2">Company</Header>} data-testid="company-settings-overview">
      <KeyValuePairs
        columns={3}
        items={[
          { label: 'E-mail', value: dash(company.email) },
          { label: 'Currency', value: currencyCode(company.currency) || '-' },
          { label: 'Country', value: company.country ? territoryName(company.country) : '-' },
          { label: 'Registration number', value: dash(company.registration_number) },
          { label: 'VAT registered', value: company.vat_registered ? 'Yes' : 'No' },
          { label: 'VAT number', value: dash(company.vat_number) },
          { label: 'Legal name', value: dash(profile?.name) },
          { label: 'Address', value: dash(profile?.address) },
          { label: 'Phone', value: dash(profile?.phone_no) },
          { label: 'Backup e-mail', value: dash(profile?.backup_email) },
          { label: 'Logo', value: fileName(company.logo) },
          { label: 'Self-billing', value: company.self_billing ? 'Yes' : 'No' },
          { label: 'Self billing created at', value: dash(company.self_billing_created_at) },
          { label: 'Self billing expires at', value: dash(company.self_billing_expires_at) },
          { label: 'Self-billing agreement', value: fileName(company.self_billing_agreement) },
        ]}
      />
    </Container>
  );
}

function SiteSettings({ company, canManage }: { company: AdminCompany; canManage: boolean }) {
  const config = useMemo(() => companySiteSettingsConfig(company.id, true), [company.id]);
  if (canManage)
    return (
      <OwnCompanyForm
        company={company}
        config={config}
        testId="company-site-settings"
        title="Site settings"
        description="How the company's site looks to its users."
      />
    );
  const site = (company.site_settings ?? {}) as Nested;
  return (
    <Container header={<Header variant="h2">Site settings</Header>} data-testid="company-site-settings">
      <KeyValuePairs
        columns={3}
        items={config.fields.map((f) => ({
          label: f.label,
          value: dash(site?.[f.name.replace('site_settings.', '')]),
        }))}
      />
    </Container>
  );
}

/** UserCompanySettings: the company at a glance (profile, VAT, currency, country, plan) and its site settings. */
export function CompanySettingsPage() {
  return (
    <CompanyFrame title="Settings">
      {(company, canManage) => (
        <SpaceBetween size="l">
          <Overview company={company} />
          <Container header={<Header variant="h2">Plan</Header>} data-testid="company-plan-slot">
            <CompanyPlanSlot companyId={company.id} />
          </Container>
          <SiteSettings company={company} canManage={canManage} />
          {canManage ? null : (
            <Box color="text-body-secondary">Only the company's label managers can change its settings.</Box>
          )}
        </SpaceBetween>
      )}
    </CompanyFrame>
  );
}
