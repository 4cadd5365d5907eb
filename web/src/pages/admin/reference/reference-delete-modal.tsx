import { DeleteModal } from '../../../components/delete-modal';
import type { ReferenceConfig } from './reference-config';
import { deleteReferences } from './reference-api';
import { recordTitle, type ReferenceRecord } from './reference-model';

/** What a delete is about: a row or the detail's record (DELETE {id}), or a selection (bulk_destroy). */
export type DeleteTarget = { records: ReferenceRecord[]; bulk: boolean };

export function DeleteReferencesModal({
  config,
  target,
  onClose,
  onDeleted,
}: {
  config: ReferenceConfig;
  target: DeleteTarget;
  onClose: () => void;
  onDeleted: () => void;
}) {
  return (
    <DeleteModal
      noun={config.noun}
      plural={config.nounPlural}
      names={target.records.map((r) => recordTitle(config, r))}
      onClose={onClose}
      onDeleted={onDeleted}
      run={(report) =>
        deleteReferences(
          config,
          target.records.map((r) => r.id),
          target.bulk,
          report,
        )
      }
    />
  );
}
