import { routePath } from '../../../app/route-table';
import { CompanyPartForm } from '../../admin/companies/company-part-form';
import type { ReferenceConfig } from '../../admin/reference/reference-types';
import type { AdminCompany } from '../../../../../shared/schemas/company-views';
import { updateOwnCompany, useRefreshOwnCompany } from './company-api';

/**
 * A form over part of the company, saved with PATCH /companies/{id} by its own managers; the
 * fields are the admin form's (company-sections.ts), so both edit the company the same way.
 */
export function OwnCompanyForm({
  company,
  config,
  testId,
  title,
  description,
}: {
  company: AdminCompany;
  config: ReferenceConfig;
  testId: string;
  title: string;
  description?: string;
}) {
  const refresh = useRefreshOwnCompany();
  return (
    <CompanyPartForm
      company={company}
      config={config}
      testId={testId}
      title={title}
      description={description}
      save={updateOwnCompany}
      refresh={refresh}
      back={routePath('UserCompanySettings', { companyId: company.id })}
    />
  );
}
