import Box from '@cloudscape-design/components/box';

/** A panel's save errors, one a line, in the error colour; nothing when there are none. */
export function ErrorLines({ errors, testId }: { errors: readonly string[]; testId: string }) {
  if (!errors.length) return null;
  return (
    <Box color="text-status-error" data-testid={testId}>
      {errors.map((e) => (
        <div key={e}>{e}</div>
      ))}
    </Box>
  );
}
