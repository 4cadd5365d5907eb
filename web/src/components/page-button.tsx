import Button, { type ButtonProps } from '@cloudscape-design/components/button';
import type { ReactNode } from 'react';
import { useMayOpen } from '../app/use-may-open';
import { useOnFollow } from '../app/use-on-follow';

/**
 * A button that opens a page of the app, shown only to a user whose role in the current company may open it (a
 * read-only member has no "New outgoing licence"): one place for the buttons that lead to another page.
 */
export function PageButton({
  href,
  children,
  variant,
  testId,
}: {
  href: string;
  children: ReactNode;
  variant?: ButtonProps['variant'];
  testId?: string;
}) {
  const onFollow = useOnFollow();
  if (!useMayOpen()(href)) return null;
  // A link (it opens in a new tab on a middle click), followed through the router.
  return (
    <Button variant={variant} href={href} onFollow={onFollow} data-testid={testId}>
      {children}
    </Button>
  );
}
