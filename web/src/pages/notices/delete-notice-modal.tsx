import { DeleteModal } from '../../components/delete-modal';
import { deleteNotice } from './notice-api';
import type { AdminNotice } from '../../../../shared/schemas/notice-views';

/** Deletes one notice and shows the server's message ("Notice Deleted"). */
export function DeleteNoticeModal({
  notice,
  onClose,
  onDeleted,
}: {
  notice: Pick<AdminNotice, 'id' | 'title'>;
  onClose: () => void;
  onDeleted: () => void;
}) {
  return (
    <DeleteModal
      noun="notice"
      plural="notices"
      names={[notice.title]}
      onClose={onClose}
      onDeleted={onDeleted}
      run={async (report) => report((await deleteNotice(notice.id)).message)}
    />
  );
}
