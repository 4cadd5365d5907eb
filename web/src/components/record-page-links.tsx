import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useMayOpen } from '../app/use-may-open';
import { RouterLink } from './router-link';

/** One of a record's own pages (a release's products), or why it cannot be opened yet (`href` null). */
export type RecordPageLink = { key: string; text: string; href: string | null; why?: string };

/**
 * The row of links to a record's own pages, under its page's heading: each page is its own route, so they are links
 * (a tab would hide the page it stands for inside this one). Pages the reader's role may not open are left out; a page
 * that needs something first says what (`why`). On one of those pages (`current`), the row names it without a link,
 * marked as the page the reader is on; a row with nowhere else to go is left out.
 */
export function RecordPageLinks({
  label,
  links,
  testId,
  current,
}: {
  label: string;
  links: RecordPageLink[];
  testId: string;
  current?: string;
}) {
  const mayOpen = useMayOpen();
  const shown = links.filter((link) => link.key === current || link.href === null || mayOpen(link.href));
  if (!shown.some((link) => link.key !== current)) return null;
  return (
    <nav aria-label={label} data-testid={testId}>
      <SpaceBetween direction="horizontal" size="l">
        {shown.map((link) =>
          link.key === current ? (
            <Box key={link.key} fontWeight="bold" data-testid={`${testId}-${link.key}`}>
              <span aria-current="page">{link.text}</span>
            </Box>
          ) : link.href ? (
            <RouterLink key={link.key} href={link.href} data-testid={`${testId}-${link.key}`}>
              {link.text}
            </RouterLink>
          ) : (
            <Box key={link.key} color="text-body-secondary" data-testid={`${testId}-${link.key}`}>
              {`${link.text}: ${link.why}`}
            </Box>
          ),
        )}
      </SpaceBetween>
    </nav>
  );
}
