import { describe, expect, it } from 'vitest';
import { agreementsPayload, agreementValues, labelToolLinks } from './label-agreements-model';

describe('label agreements panel model', () => {
  it('reads saved agreements and sends them back whole, ids kept', () => {
    const values = agreementValues({
      distribution_agreements: [
        {
          id: 'D1',
          distributor_id: 'X',
          distributor: { id: 'X', name: 'Dist X' },
          contract_start_date: '2026-01-01',
        },
      ],
      fulfilment_agreements: [{ id: 'F1', fulfiller: 'Press Co', contract_end_date: '2027-01-01' }],
    });
    expect(values.distribution[0]).toEqual({
      id: 'D1',
      distributor: { id: 'X', name: 'Dist X' },
      start: '2026-01-01',
      end: '',
      notes: '',
    });
    values.fulfilment.push({ fulfiller: ' New Press ', start: '', end: '', notes: '' });
    values.distribution.push({ distributor: null, start: '', end: '', notes: '' });
    expect(agreementsPayload(values)).toEqual({
      distribution_agreements: [
        { id: 'D1', distributor_id: 'X', contract_start_date: '2026-01-01', contract_end_date: '', notes: '' },
        // No distributor picked: sent blank, so the API answers "Distributor is required" for that row.
        { distributor_id: '', contract_start_date: '', contract_end_date: '', notes: '' },
      ],
      fulfilment_agreements: [
        { id: 'F1', fulfiller: 'Press Co', contract_start_date: '', contract_end_date: '2027-01-01', notes: '' },
        { fulfiller: 'New Press', contract_start_date: '', contract_end_date: '', notes: '' },
      ],
    });
  });

  it('links the label’s notebook and to-do list, naming the label so the tools page shows its name, not its id', () => {
    expect(labelToolLinks({ id: 'L 1', name: 'Night & Day Records' })).toEqual({
      notebook: '/user/labels/tools/notebook?label_id=L+1&label_name=Night+%26+Day+Records',
      todoList: '/user/labels/tools/todo_list?label_id=L+1&label_name=Night+%26+Day+Records',
    });
  });
});
