import Button, { type ButtonProps } from '@cloudscape-design/components/button';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useMayOpen } from '../app/use-may-open';

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
  const navigate = useNavigate();
  if (!useMayOpen()(href)) return null;
  return (
    <Button variant={variant} onClick={() => navigate(href)} data-testid={testId}>
      {children}
    </Button>
  );
}
