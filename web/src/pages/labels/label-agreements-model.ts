import type { LabelView } from '../../../../shared/schemas/label';

/**
 * A label's distribution and fulfilment agreements as the agreements panel edits them, and the
 * PATCH body that saves them (the whole list each time: a row left out is removed).
 */

type Picked = { id: string; name: string } | null;
export type DistributionRow = { id?: string; distributor: Picked; start: string; end: string; notes: string };
export type FulfilmentRow = { id?: string; fulfiller: string; start: string; end: string; notes: string };
export type AgreementValues = { distribution: DistributionRow[]; fulfilment: FulfilmentRow[] };

type StoredAgreement = {
  id?: string;
  contract_start_date?: string;
  contract_end_date?: string;
  notes?: string;
};

const term = (row: StoredAgreement) => ({
  id: row.id,
  start: row.contract_start_date ?? '',
  end: row.contract_end_date ?? '',
  notes: row.notes ?? '',
});

export function agreementValues(
  label: Pick<LabelView, 'distribution_agreements' | 'fulfilment_agreements'>,
): AgreementValues {
  return {
    distribution: (label.distribution_agreements ?? []).map((row) => ({
      ...term(row),
      distributor:
        row.distributor ?? (row.distributor_id ? { id: row.distributor_id, name: row.distributor_id } : null),
    })),
    fulfilment: (label.fulfilment_agreements ?? []).map((row) => ({ ...term(row), fulfiller: row.fulfiller ?? '' })),
  };
}

const termBody = (row: { id?: string; start: string; end: string; notes: string }) => ({
  ...(row.id ? { id: row.id } : {}),
  contract_start_date: row.start.trim(),
  contract_end_date: row.end.trim(),
  notes: row.notes.trim(),
});

/** The PATCH body: each row with its term; a row without a distributor is sent so the API names it. */
export function agreementsPayload(values: AgreementValues) {
  return {
    distribution_agreements: values.distribution.map((row) => ({
      ...termBody(row),
      distributor_id: row.distributor?.id ?? '',
    })),
    fulfilment_agreements: values.fulfilment.map((row) => ({ ...termBody(row), fulfiller: row.fulfiller.trim() })),
  };
}

/**
 * Where a label's notebook and to-do list are, with the label's name beside its id (the tools page shows the name
 * in its label choice; without it, the id would show there).
 */
export function labelToolLinks(label: { id: string; name: string }) {
  const query = `?${new URLSearchParams({ label_id: label.id, label_name: label.name })}`;
  return {
    notebook: `/user/labels/tools/notebook${query}`,
    todoList: `/user/labels/tools/todo_list${query}`,
  };
}
