import Box from '@cloudscape-design/components/box';
import Cards from '@cloudscape-design/components/cards';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { pickerSource, RecordPicker } from '../../components/record-picker';
import { RouterLink } from '../../components/router-link';
import { LoadState } from '../money/finances/period-views';
import { useLabelParam } from '../money/finances/use-period';
import { isPitch } from './pitch-facts';
import { useCompanyRequests } from './requests-api';
import { RequestsTable } from './requests-table';

const labels = pickerSource('labels');

/** The marketing tools: pitching a new release (album/EP or single) and smart links. */
const TOOLS = [
  {
    href: '/user/labels/tools/marketing/new_release/album_ep',
    name: 'Pitch an album or EP',
    text: 'Editorial pitches are due weeks before release, with a focus track and instant-grat timing.',
  },
  {
    href: '/user/labels/tools/marketing/new_release/single',
    name: 'Pitch a single',
    text: 'A standalone single, or an official video, to the distributor’s team.',
  },
  {
    href: '/user/labels/tools/marketing/smart_url',
    name: 'Smart links',
    text: 'One address per release for every store, its clicks, and fans who asked to be told on release day.',
  },
];

/** `/user/labels/tools/marketing`: the marketing tools, and the label's pitches with where each one is. */
export function MarketingToolsPage() {
  const [label, choose] = useLabelParam();
  const load = useCompanyRequests();
  return (
    <ContentLayout
      header={
        <Header variant="h1" description="Pitch new releases to the distributor’s team and share smart links.">
          Marketing
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Cards
          data-testid="marketing-tools"
          items={TOOLS}
          trackBy="href"
          cardDefinition={{
            header: (tool) => <RouterLink href={tool.href}>{tool.name}</RouterLink>,
            sections: [{ id: 'text', content: (tool) => <Box>{tool.text}</Box> }],
          }}
        />
        <LoadState load={load} errorHeader="Could not load the pitches">
          {(data) => (
            <RequestsTable
              testId="marketing-submissions"
              empty="No pitches yet: pitch an album, EP or single above."
              header={
                <Header
                  variant="h2"
                  description="Every label’s, or the one chosen."
                  actions={
                    <div style={{ minWidth: 260 }}>
                      <RecordPicker
                        source={labels}
                        value={label}
                        onChange={choose}
                        testId="marketing-label"
                        placeholder="All labels"
                      />
                    </div>
                  }
                >
                  Pitches
                </Header>
              }
              // Only the pitches: whitelisting and YouTube claims have their own pages.
              requests={data.requests.filter((r) => isPitch(r) && (!label || r.label_id === label.id))}
            />
          )}
        </LoadState>
      </SpaceBetween>
    </ContentLayout>
  );
}
