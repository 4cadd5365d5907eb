import Box from '@cloudscape-design/components/box';
import Cards from '@cloudscape-design/components/cards';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { RouterLink } from '../../components/router-link';

const TOOLS = [
  {
    href: '/user/labels/tools/todo_list',
    name: 'To-do list',
    text: 'What is left to do for a label, by when and by whom.',
  },
  {
    href: '/user/labels/tools/notebook',
    name: 'Notebook',
    text: 'A label’s notes, found again by title, text or tag.',
  },
  { href: '/user/labels/tools/calendar', name: 'Calendar', text: 'Release dates, due tasks and statement runs.' },
  { href: '/user/labels/tools/whitelist', name: 'Whitelist', text: 'Ask for SoundCloud whitelisting.' },
  { href: '/user/labels/tools/youtube_claims', name: 'YouTube claims', text: 'Release or allow YouTube claims.' },
  { href: '/user/labels/tools/marketing', name: 'Marketing', text: 'Pitch new releases and make smart links.' },
  {
    href: '/user/labels/tools/marketing/smart_url',
    name: 'Smart links',
    text: 'One address per release for every store, with its clicks.',
  },
];

/** UserLabelTools (/user/labels/tools): the label's own tools. */
export function LabelToolsPage() {
  return (
    <ContentLayout header={<Header variant="h1">Label tools</Header>}>
      <Cards
        data-testid="label-tools"
        items={TOOLS}
        trackBy="href"
        cardDefinition={{
          header: (tool) => <RouterLink href={tool.href}>{tool.name}</RouterLink>,
          sections: [{ id: 'text', content: (tool) => <Box>{tool.text}</Box> }],
        }}
      />
    </ContentLayout>
  );
}
