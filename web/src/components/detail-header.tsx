import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';

type DetailHeaderProps = {
  /** The data-testid prefix: gives `X-title`, `X-delete` and `X-edit`. */
  testId: string;
  title: ReactNode;
  description?: ReactNode;
  /** Records that cannot be edited (an import) have no Edit button. */
  onEdit?: () => void;
  /** Without it, no Delete button (a member whose role may not change the record). */
  onDelete?: () => void;
  /** Buttons shown before Delete (e.g. "Resend invitation"). */
  extraActions?: ReactNode;
};

/**
 * The h1 of a record's detail page with its Delete and Edit buttons. Shared so every detail
 * page puts the actions in the same order with the same test ids.
 */
export function DetailHeader({ testId, title, description, onEdit, onDelete, extraActions }: DetailHeaderProps) {
  return (
    <Header
      variant="h1"
      description={description}
      actions={
        <SpaceBetween direction="horizontal" size="xs">
          {extraActions}
          {onDelete ? (
            <Button onClick={onDelete} data-testid={`${testId}-delete`}>
              Delete
            </Button>
          ) : null}
          {onEdit ? (
            <Button variant="primary" onClick={onEdit} data-testid={`${testId}-edit`}>
              Edit
            </Button>
          ) : null}
        </SpaceBetween>
      }
    >
      <span data-testid={`${testId}-title`}>{title}</span>
    </Header>
  );
}
