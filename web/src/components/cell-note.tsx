import Box from '@cloudscape-design/components/box';
import type { ReactNode } from 'react';

/**
 * A table cell's further line: what belongs with the cell's first (a song's artist, a store's territory, a total's
 * VAT), smaller and grey, on a line of its own under it. Sharing a cell this way keeps a table of many fields within
 * its page's width instead of cutting its last columns off.
 */
export function CellNote({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Box display="block" variant="small" color="text-body-secondary" data-testid={testId}>
      {children}
    </Box>
  );
}
