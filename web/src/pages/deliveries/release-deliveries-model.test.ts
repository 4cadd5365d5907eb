import { describe, expect, it } from 'vitest';
import {
  deliverUnavailable,
  deliveryRows,
  notDeliverableAdvice,
  releaseDeliveriesQuery,
} from './release-deliveries-model';

describe('release deliveries pages', () => {
  it('bulk: every chosen release to every chosen store, once each', () => {
    expect(deliveryRows(['r1', 'r2', 'r1'], ['d1', 'd2'], 'update')).toEqual([
      { release_id: 'r1', dsp_id: 'd1', action: 'update', status: 'created' },
      { release_id: 'r1', dsp_id: 'd2', action: 'update', status: 'created' },
      { release_id: 'r2', dsp_id: 'd1', action: 'update', status: 'created' },
      { release_id: 'r2', dsp_id: 'd2', action: 'update', status: 'created' },
    ]);
    expect(deliveryRows([], ['d1'], 'insert')).toEqual([]);
  });

  it('the list asks for 50 a page with only the filters chosen', () => {
    expect(releaseDeliveriesQuery({ page: 2 })).toBe('/release_deliveries?page=2&per_page=50');
    expect(releaseDeliveriesQuery({ page: 1, q: ' Album ', status: 'failed', releaseId: 'r1' })).toBe(
      '/release_deliveries?page=1&per_page=50&q=Album&status=failed&release_id=r1',
    );
  });

  it('Deliver says why it cannot be pressed when nothing is chosen and nothing waits to be sent', () => {
    expect(deliverUnavailable([], 0)).toBe('Choose the DSPs above and create their deliveries first');
    expect(deliverUnavailable([{ status: 'delivered' }, { status: 'queued' }], 0)).toBe(
      'No delivery is waiting to be sent: choose one to deliver it again with Re-deliver',
    );
    expect(deliverUnavailable([{ status: 'delivered' }, { status: 'created' }], 0)).toBeNull();
    expect(deliverUnavailable([{ status: 'failed' }], 0)).toBeNull();
    expect(deliverUnavailable([{ status: 'delivered' }], 1)).toBeNull();
  });

  it('a release not yet deliverable is told its next step in words: one in review waits for the admin', () => {
    expect(notDeliverableAdvice('quality_control')).toBe(
      'This release is in quality control: once an admin approves it, it can be delivered.',
    );
    expect(notDeliverableAdvice('drafted')).toBe(
      'This release is drafted. Send it to quality control; once an admin approves it, it can be delivered.',
    );
    expect(notDeliverableAdvice(undefined)).toContain('This release is drafted.');
    expect(notDeliverableAdvice('rejected')).toContain('This release is rejected. Send it to quality control');
  });
});
