import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import { useAdminCompanies } from '../resources';
import { setCurrentCompany } from '../session';

/** "Distribution: UPCs" → "UPCs": the page's own words, without the area. */
const pageWords = (title: string) => title.replace(/^[^:]*:\s*/, '');

/**
 * An admin's page over one company's data (its statements, payment run, expenses, UPC pool …) opened with no
 * company chosen: the page asks which company, in place, and shows that company's data once one is picked. The
 * choice becomes the current company (the header's company chooser changes it), since the API works in one.
 */
export function ChooseCompanyPanel({ title, belowList = false }: { title: string; belowList?: boolean }) {
  const all = useAdminCompanies();
  const options = (all.data?.companies ?? []).map((c) => ({ value: c.id, label: c.name }));
  return (
    <Box padding={{ vertical: 'l' }}>
      <Container
        data-testid="choose-company-panel"
        header={
          // Below the list of every company's records, the choice is for working in one of them, not for seeing any.
          <Header
            variant={belowList ? 'h2' : 'h1'}
            description={
              belowList
                ? `The list above holds every company’s ${pageWords(title).toLowerCase()}. To work on one company’s, choose it.`
                : `The ${pageWords(title)} page shows one company’s records at a time: choose which.`
            }
          >
            {belowList ? 'Work in one company' : 'Choose a company'}
          </Header>
        }
      >
        <FormField label="Company">
          <Select
            selectedOption={null}
            options={options}
            filteringType="auto"
            placeholder="Choose a company"
            empty="No companies"
            statusType={all.isLoading ? 'loading' : all.error ? 'error' : 'finished'}
            loadingText="Loading companies"
            errorText="Could not load the companies"
            onChange={({ detail }) => {
              const chosen = all.data?.companies.find((c) => c.id === detail.selectedOption.value);
              if (chosen) {
                setCurrentCompany({
                  id: chosen.id,
                  name: chosen.name,
                  tags: chosen.tags ?? [],
                  distributed: chosen.distributed,
                });
              }
            }}
            data-testid="choose-company-select"
          />
        </FormField>
      </Container>
    </Box>
  );
}
