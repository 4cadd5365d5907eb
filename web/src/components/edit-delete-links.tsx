import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';

/**
 * A row's two actions as inline links, each named for screen readers with what it acts on ("Edit Radio plan").
 * `deleteText` words the second where removing is not deleting (a list's member is removed, not deleted).
 */
export function EditDeleteLinks({
  name,
  onEdit,
  onDelete,
  deleteText = 'Delete',
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  deleteText?: string;
}) {
  return (
    <SpaceBetween direction="horizontal" size="xs">
      <Button variant="inline-link" ariaLabel={`Edit ${name}`} onClick={onEdit}>
        Edit
      </Button>
      <Button variant="inline-link" ariaLabel={`${deleteText} ${name}`} onClick={onDelete}>
        {deleteText}
      </Button>
    </SpaceBetween>
  );
}
