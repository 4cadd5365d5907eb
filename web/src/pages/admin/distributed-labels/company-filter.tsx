import FormField from '@cloudscape-design/components/form-field';
import Select from '@cloudscape-design/components/select';
import { useAdminCompanies } from '../../../app/resources';

/** A choice of company in a table's header: its id and name, or every company (an empty id). */
type CompanyChoice = { value: string; label: string };
export const ALL_COMPANIES: CompanyChoice = { value: '', label: 'All companies' };

/**
 * The Company filter in the header of the admin's distributed-label tables (the labels and their
 * statements): every company, or the one found by typing its name.
 */
export function CompanyFilter({
  value,
  onChange,
  testId,
}: {
  value: CompanyChoice;
  onChange: (choice: CompanyChoice) => void;
  testId: string;
}) {
  const companies = useAdminCompanies();
  const options = [ALL_COMPANIES, ...(companies.data?.companies ?? []).map((c) => ({ value: c.id, label: c.name }))];
  return (
    <FormField label="Company">
      <Select
        selectedOption={value}
        options={options}
        filteringType="auto"
        filteringPlaceholder="Find a company"
        statusType={companies.isLoading ? 'loading' : 'finished'}
        loadingText="Loading companies"
        onChange={({ detail }) =>
          onChange({ value: detail.selectedOption.value ?? '', label: detail.selectedOption.label ?? '' })
        }
        data-testid={testId}
      />
    </FormField>
  );
}
