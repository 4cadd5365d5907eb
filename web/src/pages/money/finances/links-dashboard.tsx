import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { RouterLink } from '../../../components/router-link';
import { PlatformFigures } from './platform-dashboard';

/** A dashboard's areas: each a title and its [text, href] links. */
export type LinkSections = [string, [string, string][]][];

/** The distribution company's finances page of a client company. */
const distributionCompanyFinances = (id: string) => `/distribution/companies/${encodeURIComponent(id)}/finances`;

/**
 * A platform dashboard (admin, distribution): the h1, the platform's figures (a company links to
 * its distribution finances page) and a grid of the area's links by section.
 */
export function LinksDashboard({
  title,
  description,
  testId,
  sections,
}: {
  title: string;
  description: string;
  testId: string;
  sections: LinkSections;
}) {
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={description}>
          {title}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <PlatformFigures companyPage={distributionCompanyFinances} />
        <Container data-testid={testId}>
          <ColumnLayout columns={3} variant="text-grid">
            {sections.map(([section, links]) => (
              <SpaceBetween key={section} size="xs">
                <Box variant="h3">{section}</Box>
                {links.map(([text, href]) => (
                  <RouterLink key={href} href={href}>
                    {text}
                  </RouterLink>
                ))}
              </SpaceBetween>
            ))}
          </ColumnLayout>
        </Container>
      </SpaceBetween>
    </ContentLayout>
  );
}
