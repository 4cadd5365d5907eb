import ContentLayout from '@cloudscape-design/components/content-layout';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useRouteDef } from '../../../app/route-meta';
import { RecordState } from '../../../components/record-state';
import type { ReferenceConfig } from '../reference/reference-types';
import { CompanyPartForm } from './company-part-form';
import { COMPANIES_BASE, updateCompany, useAdminCompany, useRefreshCompanies } from './company-api';
import type { AdminCompany } from '../../../../../shared/schemas/company-views';
import { companyConnectionsConfig, companySiteSettingsConfig } from './company-sections';

/** The company pages that edit one part of a company: /connections and /site_settings. */
const SECTIONS: Record<string, { title: string; description: string; config: (companyId: string) => ReferenceConfig }> =
  {
    connections: {
      title: 'Connections',
      description: 'The distributors this company delivers through, with their contract terms.',
      config: companyConnectionsConfig,
    },
    site_settings: {
      title: 'Site settings',
      description: 'How this company’s site looks to its users.',
      config: companySiteSettingsConfig,
    },
  };

function SectionForm({ company, section }: { company: AdminCompany; section: (typeof SECTIONS)[string] }) {
  const refresh = useRefreshCompanies();
  const [config] = useState(() => section.config(company.id));
  return (
    <CompanyPartForm
      company={company}
      config={config}
      testId="company-section"
      title={`${company.name}: ${section.title}`}
      description={section.description}
      save={updateCompany}
      refresh={refresh}
      back={`${COMPANIES_BASE}/${encodeURIComponent(company.id)}`}
    />
  );
}

/** AdminCompanyConnections and AdminCompanySiteSettings. */
export function CompanySectionPage() {
  const { companyId } = useParams();
  const route = useRouteDef();
  const section = SECTIONS[route?.path.split('/').at(-1) ?? ''];
  const { data, error, isLoading, mutate } = useAdminCompany(companyId);
  if (!section) throw new Error(`No company section for ${route?.path ?? 'this page'}`);
  return (
    <RecordState
      error={error}
      isLoading={isLoading}
      data={data}
      retry={mutate}
      errorHeader="Could not load the company"
    >
      {(loaded) => (
        <ContentLayout>
          <SectionForm key={loaded.company.id} company={loaded.company} section={section} />
        </ContentLayout>
      )}
    </RecordState>
  );
}
