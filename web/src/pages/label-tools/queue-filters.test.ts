import { describe, expect, it } from 'vitest';
import { displayLabel } from '../../app/display-labels';
import { QUEUE_FILTERS, queueFilter } from './queue-filters';

describe("the distribution team's request filters", () => {
  it('name each state as the State column does, and offer every state', () => {
    for (const status of ['new', 'in_progress', 'done', 'refused'] as const) {
      const filter = queueFilter(status);
      expect(filter.text).toBe(displayLabel(`request_${status}`));
      expect(filter.status).toBe(status);
    }
    expect(QUEUE_FILTERS.map((f) => f.text)).toEqual([
      'New or in progress',
      'New',
      'In progress',
      'Done',
      'Refused',
      'All',
    ]);
  });

  it('open on the requests still to work, and keep to the chosen state', () => {
    const states = ['new', 'in_progress', 'done', 'refused'] as const;
    const shown = (id: string) => states.filter((status) => queueFilter(id).shows({ status }));
    expect(shown('open')).toEqual(['new', 'in_progress']);
    expect(shown('done')).toEqual(['done']);
    expect(shown('all')).toEqual(states);
    // An unknown choice falls back to the open ones.
    expect(queueFilter('queue').id).toBe('open');
  });

  it('head the table with what it lists, never a word no filter or state uses', () => {
    expect(QUEUE_FILTERS.map((f) => f.heading)).toEqual([
      'Requests new or in progress',
      'Requests: new',
      'Requests: in progress',
      'Requests: done',
      'Requests: refused',
      'All requests',
    ]);
    expect(QUEUE_FILTERS.some((f) => /queue|open/i.test(`${f.text} ${f.heading}`))).toBe(false);
  });
});
