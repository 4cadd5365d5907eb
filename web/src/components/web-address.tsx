import { Fragment } from 'react';

/**
 * A web address that wraps after its path's slashes (never inside "//"), as an address has no spaces to wrap at; a
 * part still too long for the line (a long name in the path) may then break anywhere rather than run out of its box.
 */
export function WebAddress({ url, testId }: { url: string; testId?: string }) {
  // Each part keyed by where it starts in the address.
  const starts = url.split(/(?<=[^/:]\/)/).map((part, i, parts) => ({
    part,
    at: parts.slice(0, i).join('').length,
  }));
  return (
    <span data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
      {starts.map(({ part, at }) => (
        <Fragment key={at}>
          {at > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
