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

/**
 * UserCompanyEdit: the company's details, profile, logo, VAT and self-billing agreement ("Company Updated"). Saving
 * is company.manage, so a member whose role does not allow it is refused the page, in the server's words, as the
 * other guarded pages refuse, rather than shown the page's frame around a note.
 */
export function CompanyEditPage() {
  return (
    <CompanyFrame title="Edit" permission="company.manage">
      {(company) => <EditForm company={company} />}
    </CompanyFrame>
  );
}
