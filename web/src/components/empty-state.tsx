import Box from '@cloudscape-design/components/box';

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
