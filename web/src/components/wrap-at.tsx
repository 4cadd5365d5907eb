import { Fragment } from 'react';

/**
 * Text with no spaces to wrap at (an e-mail or web address) that may wrap where `at` splits it, so a long one takes
 * two lines instead of pushing its table wider than the page. A part still too long for the line may then break
 * anywhere rather than run out of its box. Its lines may wrap inside a table's cell that keeps its others on one.
 */
export function WrapAt({ text, at, testId }: { text: string; at: RegExp; testId?: string }) {
  // Each part keyed by where it starts in the text.
  const starts = text.split(at).map((part, i, parts) => ({ part, at: parts.slice(0, i).join('').length }));
  return (
    <span data-testid={testId} style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
      {starts.map(({ part, at }) => (
        <Fragment key={at}>
          {at > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
