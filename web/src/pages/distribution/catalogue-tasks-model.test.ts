import { describe, expect, it } from 'vitest';
import { nextStep, releasesWithTasks, type TaskRelease } from './catalogue-tasks-model';

const release = (over: Partial<TaskRelease>): TaskRelease => ({
  id: 'r',
  title: 'T',
  status: 'drafted',
  label_id: 'L',
  upc: '036000291452',
  ...over,
});

describe('catalogue tasks', () => {
  it('name the next step: a UPC first, then quality control, then delivery', () => {
    expect(nextStep(release({ upc: undefined }))).toBe('Link a UPC');
    expect(nextStep(release({ upc: 'assign later' }))).toBe('Link a UPC');
    expect(nextStep(release({ status: 'rejected' }))).toBe('Fix the metadata and send to quality control');
    expect(nextStep(release({ status: 'quality_control' }))).toBe('Approve or reject in quality control');
    expect(nextStep(release({ status: 'accepted' }))).toBe('Deliver');
  });

  it('keep the label’s releases not in stores yet', () => {
    const rows = [
      release({ id: 'a' }),
      release({ id: 'b', status: 'delivered' }),
      release({ id: 'c', status: 'live' }),
      release({ id: 'd', label_id: 'other' }),
      release({ id: 'e', status: 'accepted' }),
    ];
    expect(releasesWithTasks(rows, 'L').map((r) => r.id)).toEqual(['a', 'e']);
  });
});
