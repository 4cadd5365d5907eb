import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useRoyaltyPages, type RoyaltyPages } from './royalties-api';

type PageLink = {
  page: keyof RoyaltyPages & ('list' | 'bulkImport' | 'mapImport' | 'exchangeRates' | 'newSale');
  text: string;
  testId: string;
};

const LINKS: PageLink[] = [
  { page: 'list', text: 'Royalties', testId: 'royalties-list' },
  { page: 'bulkImport', text: 'Import reports', testId: 'royalties-import' },
  { page: 'mapImport', text: 'Column maps', testId: 'royalties-maps' },
  { page: 'exchangeRates', text: 'Exchange rates', testId: 'royalties-exchange-rates' },
  { page: 'newSale', text: 'New sale', testId: 'royalties-new-sale' },
];

/**
 * The h1 of the royalties pages, with the feature's buttons (the current page's left out). The
 * buttons lead to the pages of the area shown (/user or /distribution).
 */
export function RoyaltiesPageHeader({
  title,
  description,
  current,
  extra,
}: {
  title: string;
  description?: ReactNode;
  current?: PageLink['page'];
  extra?: ReactNode;
}) {
  const navigate = useNavigate();
  const pages = useRoyaltyPages();
  return (
    <Header
      variant="h1"
      description={description}
      actions={
        <SpaceBetween direction="horizontal" size="xs">
          {extra}
          {LINKS.filter((l) => l.page !== current).map((l) => (
            <Button
              key={l.page}
              onClick={() => navigate(pages[l.page])}
              data-testid={l.testId}
              variant={l.page === 'newSale' ? 'primary' : 'normal'}
            >
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
