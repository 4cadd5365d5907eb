import { describe, expect, it } from 'vitest';
import { emptyValues, recordToValues, toPayload, validateValues } from '../admin/reference/reference-model';
import { CATALOGUE_CONFIGS } from './catalogue-configs';
import { releaseExpensesHref } from './release-page-links';

const { recordings, artists, releases } = CATALOGUE_CONFIGS;

describe('catalogue depth in the generic forms', () => {
  it('edits several linked records (a recording’s languages, an artist’s linked artists) as a list of ids', () => {
    expect(emptyValues(recordings).language_ids).toEqual([]);
    const values = recordToValues(recordings, {
      id: 'R1',
      title: 'T',
      language_ids: ['L1', 'L2'],
      languages: [
        { id: 'L1', name: 'French' },
        { id: 'L2', name: 'Welsh' },
      ],
    });
    expect(values.language_ids).toEqual([
      { id: 'L1', name: 'French' },
      { id: 'L2', name: 'Welsh' },
    ]);
    expect(toPayload(recordings, values).language_ids).toEqual(['L1', 'L2']);
    const artist = recordToValues(artists, { id: 'A', name: 'A', linked_artists: [{ id: 'B', name: 'B' }] });
    expect(toPayload(artists, artist).linked_ids).toEqual(['B']);
  });

  it('sends the new recording and release fields and shows the server’s rule before saving', () => {
    const values = {
      ...emptyValues(recordings),
      title: 'T',
      danceability: '2',
      ident: 'ID1',
    };
    expect(toPayload(recordings, values)).toMatchObject({ ident: 'ID1', danceability: '2' });
    expect(validateValues(recordings, values).danceability).toBe('Danceability must be under 1');
    const release = { ...emptyValues(releases), title: 'R' };
    expect(toPayload(releases, release)).toMatchObject({ release_format: 'Digital', todo_tasks_attributes: [] });
  });

  it('starts a new recording with the product’s defaults, which an edit never fills in', () => {
    expect(emptyValues(recordings)).toMatchObject({
      copyright_year: '2020',
      length: '00:00:00',
      category: 'Recording',
      locked_payee_shares: true,
    });
    expect(toPayload(recordings, { ...emptyValues(recordings), title: 'T' })).toMatchObject({
      copyright_year: '2020',
      length: '00:00:00',
    });
    const saved = recordToValues(recordings, { id: 'R1', title: 'T' });
    expect(saved).toMatchObject({ copyright_year: '', length: '' });
  });

  it('links a release’s expenses through its label, narrowed to the release', () => {
    expect(releaseExpensesHref({ id: 'R1', label: null })).toBeNull();
    expect(releaseExpensesHref({ id: 'R1', label: { id: 'L1', name: 'Label One' } })).toBe(
      '/user/labels/finances/expenses?label_id=L1&label_name=Label+One&release_id=R1',
    );
  });
});
