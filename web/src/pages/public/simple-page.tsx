import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import type { ReactNode } from 'react';

/** A text page (legal, changelog, guides): a title and prose in a container. */
export function SimplePage({
  title,
  description,
  testId,
  children,
}: {
  title: string;
  description?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={description}>
          {title}
        </Header>
      }
    >
      <Container data-testid={testId}>
        <div className="prose">{children}</div>
      </Container>
    </ContentLayout>
  );
}
