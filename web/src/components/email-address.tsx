import { Fragment } from 'react';

/**
 * An e-mail address that may wrap before its "@" and after its dots, as an address has no spaces to wrap at: a long
 * address in a table's cell takes two lines instead of pushing the table wider than the page. A part still too long
 * for the line may then break anywhere rather than run out of its box.
 */
export function EmailAddress({ email }: { email: string }) {
  // Each part keyed by where it starts in the address.
  const starts = email
    .split(/(?=@)|(?<=\.)/)
    .map((part, i, parts) => ({ part, at: parts.slice(0, i).join('').length }));
  return (
    // Its own lines may wrap inside a table's cell that keeps its others on one.
    <span style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
      {starts.map(({ part, at }) => (
        <Fragment key={at}>
          {at > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
