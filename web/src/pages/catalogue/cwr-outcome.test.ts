import { describe, expect, it } from 'vitest';
import { cwrOutcome } from './cwr-outcome';

describe('cwrOutcome', () => {
  it('counts new and revised songs and names each song left out with its reasons', () => {
    expect(
      cwrOutcome(
        {
          filename: 'CW260001LP_052.V21',
          works: [
            { song_id: 'a', title: 'A', transaction_type: 'NWR' },
            { song_id: 'b', title: 'B', transaction_type: 'REV' },
          ],
          skipped: [{ song_id: 'c', title: 'C', reasons: ['The song has no writers', 'The song has no publisher'] }],
        },
        true,
      ),
    ).toEqual({
      type: 'warning',
      message: 'CW260001LP_052.V21: 2 songs (1 revised), recorded as sent',
      details: ['C was left out: The song has no writers; The song has no publisher'],
    });
    expect(
      cwrOutcome({ filename: 'F', works: [{ song_id: 'a', title: 'A', transaction_type: 'NWR' }], skipped: [] }, false),
    ).toEqual({ type: 'notification', message: 'F: 1 song', details: [] });
  });
});
