import { displayLabel } from '../../app/display-labels';
import type { LabelRequest } from './requests-api';

type Status = LabelRequest['status'];
/** Every state a request moves through, in the order the team works them. */
const STATUSES: readonly Status[] = ['new', 'in_progress', 'done', 'refused'];
/** The states the team still has to work: the list opens on them. */
const OPEN: readonly Status[] = ['new', 'in_progress'];

export type QueueFilter = {
  id: 'open' | Status | 'all';
  /** The filter's words: a single state in the words its badge shows in the State column. */
  text: string;
  /** The table's heading while the filter is chosen: what it lists. */
  heading: string;
  /** The state asked of the API (every request for "Open" and "All": the page keeps the open ones). */
  status: Status | '';
  shows: (request: Pick<LabelRequest, 'status'>) => boolean;
};

const stateWords = (status: Status) => displayLabel(`request_${status}`);

/**
 * The distribution team's filters of the requests: the open ones (new or in progress), each state alone, or all.
 * A state is named as the State column names it, so the filter never says one word where the table says another.
 */
export const QUEUE_FILTERS: readonly QueueFilter[] = [
  {
    id: 'open',
    text: `${stateWords('new')} or ${stateWords('in_progress').toLowerCase()}`,
    heading: 'Requests new or in progress',
    status: '',
    shows: (r) => OPEN.includes(r.status),
  },
  ...STATUSES.map((status) => ({
    id: status,
    text: stateWords(status),
    heading: `Requests: ${stateWords(status).toLowerCase()}`,
    status,
    shows: (r: Pick<LabelRequest, 'status'>) => r.status === status,
  })),
  { id: 'all', text: 'All', heading: 'All requests', status: '', shows: () => true },
];

export const queueFilter = (id: string): QueueFilter =>
  QUEUE_FILTERS.find((filter) => filter.id === id) ?? (QUEUE_FILTERS[0] as QueueFilter);
