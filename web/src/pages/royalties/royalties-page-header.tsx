import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { BULK_IMPORT_PAGE, MAP_IMPORT_PAGE, NEW_SALE_PAGE, ROYALTIES_PAGE } from './royalties-api';

const LINKS = [
  { href: BULK_IMPORT_PAGE, text: 'Import reports', testId: 'royalties-import' },
  { href: MAP_IMPORT_PAGE, text: 'Column maps', testId: 'royalties-maps' },
  { href: NEW_SALE_PAGE, text: 'New sale', testId: 'royalties-new-sale' },
];

/** The h1 of the royalties pages, with the feature's buttons (the current page's left out). */
export function RoyaltiesPageHeader({ title, description, current, extra }: { title: string; description?: ReactNode; current?: string; extra?: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Header
      variant="h1"
      description={description}
      actions={
        <SpaceBetween direction="horizontal" size="xs">
          {extra}
          {current !== ROYALTIES_PAGE ? <Button onClick={() => navigate(ROYALTIES_PAGE)} data-testid="royalties-list">Royalties</Button> : null}
          {LINKS.filter((l) => l.href !== current).map((l) => (
            <Button key={l.href} onClick={() => navigate(l.href)} data-testid={l.testId} variant={l.href === NEW_SALE_PAGE ? 'primary' : 'normal'}>
              {l.text}
            </Button>
          ))}
        </SpaceBetween>
      }
    >
      {title}
    </Header>
  );
}
