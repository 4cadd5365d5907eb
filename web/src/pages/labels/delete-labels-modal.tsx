import { api } from '../../app/api';
import { DeleteModal } from '../../components/delete-modal';
import { LABEL_MODES, type LabelMode } from './label-api';

type Target = { id: string; name: string; company_id?: string };

/** Deletes labels one call each (the labels API has no bulk delete), showing each server message. */
export function DeleteLabelsModal({
  mode,
  labels,
  onClose,
  onDeleted,
}: {
  mode: LabelMode;
  labels: Target[];
  onClose: () => void;
  onDeleted: () => void;
}) {
  return (
    <DeleteModal
      noun="label"
      plural="labels"
      names={labels.map((l) => l.name)}
      onClose={onClose}
      onDeleted={onDeleted}
      run={async (report) => {
        for (const label of labels) {
          const answer = await api.delete<{ message: string }>(
            `${LABEL_MODES[mode].apiBase}/${encodeURIComponent(label.id)}`,
            mode === 'user' ? {} : { companyId: null },
          );
          report(answer.message);
        }
      }}
    />
  );
}
