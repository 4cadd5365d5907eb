import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import type { ReactNode } from 'react';
import { useMayOpen } from '../app/use-may-open';
import { PageButton } from './page-button';

/**
 * A section's heading as the noun its empty line names: "Recordings" → "recordings", "To-dos" → "to-dos"; a name
 * that is capitals throughout its first word stays as written ("DSPs", "ISRCs").
 */
export function nounOf(heading: string): string {
  return /^.[a-z]/.test(heading) ? `${heading[0]?.toLowerCase()}${heading.slice(1)}` : heading;
}

/**
 * How the product says a list has nothing in it yet: "No recordings yet", and where the reader can add one from the
 * page they are on, how ("No recordings yet: choose Add recording to add one"). `how` names the steps, `choose …`.
 */
export function emptyText(what: string, how?: string): string {
  return how ? `No ${what} yet: ${how} to add one` : `No ${what} yet`;
}

/** The empty line of a section or table (its `empty`), in the product's words (see emptyText). */
export function EmptyState({ what, how, testId }: { what: string; how?: string; testId?: string }) {
  return (
    <Box color="text-body-secondary" data-testid={testId}>
      {emptyText(what, how)}
    </Box>
  );
}

/** The button an empty list offers for its first row: an action on the page, or a page to open. */
export type EmptyListAdd = { label: string; onClick: () => void } | { label: string; href: string };

/**
 * A whole list page's empty table, as a record's empty section says it: "No artists yet: choose Add artist to add
 * one" with the Add artist button under it, when the reader may add one (the button is what the line names, so a
 * reader who may not add sees only "No artists yet"). `note` says where rows come from when no button adds them.
 */
export function EmptyList({
  what,
  add,
  note,
  testId,
}: {
  what: string;
  add?: EmptyListAdd;
  note?: ReactNode;
  testId?: string;
}) {
  const mayOpen = useMayOpen();
  const offered = add && ('onClick' in add || mayOpen(add.href)) ? add : undefined;
  return (
    <Box textAlign="center" color="inherit" padding="l" data-testid={testId}>
      <b>{emptyText(what, offered ? `choose ${offered.label}` : undefined)}</b>
      {offered ? (
        <Box padding={{ top: 's' }}>
          {'onClick' in offered ? (
            <Button onClick={offered.onClick}>{offered.label}</Button>
          ) : (
            <PageButton href={offered.href}>{offered.label}</PageButton>
          )}
        </Box>
      ) : null}
      {note ? (
        <Box padding={{ top: 's' }} color="text-body-secondary">
          {note}
        </Box>
      ) : null}
    </Box>
  );
}
