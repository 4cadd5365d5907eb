import Box from '@cloudscape-design/components/box';
import Cards from '@cloudscape-design/components/cards';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { GUIDES } from '../../app/route-table';
import { RouterLink } from '../../components/router-link';
import { GUIDE_CONTENT } from './guide-content';

export function GuidesIndexPage() {
  const items = GUIDES.map((slug) => ({ slug, ...GUIDE_CONTENT[slug] }));
  return (
    <ContentLayout
      header={
        <Header variant="h1" description="How to get your catalogue right first time.">
          Guides
        </Header>
      }
    >
      <Cards
        data-testid="guides-index"
        items={items}
        trackBy="slug"
        cardDefinition={{
          header: (item) => (
            <RouterLink href={`/guides/${item.slug}`} fontSize="heading-m">
              {item.title}
            </RouterLink>
          ),
          sections: [{ id: 'summary', content: (item) => <Box>{item.summary}</Box> }],
        }}
        cardsPerRow={[{ cards: 1 }, { minWidth: 600, cards: 2 }, { minWidth: 1000, cards: 3 }]}
      />
    </ContentLayout>
  );
}
