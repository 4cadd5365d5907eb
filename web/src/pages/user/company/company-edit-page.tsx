import Alert from '@cloudscape-design/components/alert';
import { useMemo } from 'react';
import type { AdminCompany } from '../../../../../shared/schemas/company-views';
import { ownCompanyConfig } from '../../admin/companies/company-sections';
import { CompanyFrame } from './company-frame';
import { OwnCompanyForm } from './own-company-form';

function EditForm({ company }: { company: AdminCompany }) {
  const config = useMemo(() => ownCompanyConfig(company.id), [company.id]);
  return (
    <OwnCompanyForm
      company={company}
      config={config}
      testId="company-edit"
      title="Company details"
      description="Tags, deal terms, the contract and distributor links are set by the platform's admins."
    />
  );
}

/** UserCompanyEdit: the company's details, profile, logo, VAT and self-billing agreement ("Company Updated"). */
export function CompanyEditPage() {
  return (
    <CompanyFrame title="Edit">
      {(company, canManage) =>
        canManage ? (
          <EditForm company={company} />
        ) : (
          <Alert type="info" header="Only label managers edit the company">
            Ask one of the company's label managers to change its details.
          </Alert>
        )
      }
    </CompanyFrame>
  );
}
