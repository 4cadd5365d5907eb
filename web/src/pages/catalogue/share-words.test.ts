import { describe, expect, it } from 'vitest';
import { RECORDING_FORMATS, shareWords } from './share-words';

const row = (payee_share: unknown, digital: unknown = '100', physical: unknown = '0', licensing: unknown = '0') => ({
  payee_share,
  digital_royalty_share: digital,
  physical_royalty_share: physical,
  licensing_royalty_share: licensing,
});

describe('share words', () => {
  it("says the first artist's default 100 pays the artist all of the label's share of digital income", () => {
    expect(shareWords([row('100')], RECORDING_FORMATS)).toEqual({
      rows: [
        "Pays this artist 100% of the label's share of digital income, 0% of physical income and 0% of licensing income.",
      ],
      summary: [
        "The artist receives 100% of the label's share of digital income; the label keeps 0%.",
        "The artist receives 0% of the label's share of physical income; the label keeps 100%.",
        "The artist receives 0% of the label's share of licensing income; the label keeps 100%.",
      ],
      problem: null,
    });
  });

  it('sums several artists per kind of income: payee share × the share of that income', () => {
    const words = shareWords([row('50', '100', '50'), row('25', '100', '100', '40')], RECORDING_FORMATS);
    expect(words.summary).toEqual([
      "Artists receive 75% of the label's share of digital income; the label keeps 25%.",
      "Artists receive 50% of the label's share of physical income; the label keeps 50%.",
      "Artists receive 10% of the label's share of licensing income; the label keeps 90%.",
    ]);
    expect(words.rows[1]).toBe(
      "Pays this artist 25% of the label's share of digital income, 25% of physical income and 10% of licensing income.",
    );
  });

  it('states numbers exactly: no float artefacts', () => {
    const words = shareWords([row('33.33'), row('33.33'), row('33.34', '100', '50')], RECORDING_FORMATS);
    expect(words.rows[0]).toMatch(/^Pays this artist 33\.33% of the label's share of digital income/);
    expect(words.summary[0]).toBe("Artists receive 100% of the label's share of digital income; the label keeps 0%.");
    expect(words.summary[1]).toBe(
      "Artists receive 16.67% of the label's share of physical income; the label keeps 83.33%.",
    );
    // 0.1 + 0.2 is 0.3 here, and 33.33 % of 50 % is 16.665 %, not 16.66499….
    expect(shareWords([row('0.1'), row('0.2')], ['digital']).summary[0]).toBe(
      "Artists receive 0.3% of the label's share of digital income; the label keeps 99.7%.",
    );
    expect(shareWords([row('33.33', '50')], ['digital']).summary[0]).toBe(
      "The artist receives 16.665% of the label's share of digital income; the label keeps 83.335%.",
    );
  });

  it("a release's shares are of the income reported for the release as a whole", () => {
    const words = shareWords([{ payee_share: '60' }, { payee_share: '15' }], []);
    expect(words.rows).toEqual([
      "Pays this artist 60% of the label's share of income reported for the release as a whole.",
      "Pays this artist 15% of the label's share of income reported for the release as a whole.",
    ]);
    expect(words.summary).toEqual([
      "Artists receive 75% of the label's share of income reported for the release as a whole; the label keeps 25%.",
      "Income reported for one of the release's recordings follows that recording's shares.",
    ]);
  });

  it('reads blank shares as the server does: all blank splits equally, a blank format share is its default', () => {
    expect(shareWords([row(''), row(' ')], ['digital']).rows).toEqual([
      "Pays this artist 50% of the label's share of digital income.",
      "Pays this artist 50% of the label's share of digital income.",
    ]);
    expect(shareWords([row('40'), row('')], ['digital']).summary[0]).toBe(
      "Artists receive 40% of the label's share of digital income; the label keeps 60%.",
    );
    expect(shareWords([row('80', '', '', '')], RECORDING_FORMATS).summary).toEqual([
      "The artist receives 80% of the label's share of digital income; the label keeps 20%.",
      "The artist receives 0% of the label's share of physical income; the label keeps 100%.",
      "The artist receives 0% of the label's share of licensing income; the label keeps 100%.",
    ]);
  });

  it('states a total over 100 as the problem the server refuses, in its words', () => {
    expect(shareWords([row('70'), row('50.5')], RECORDING_FORMATS)).toEqual({
      rows: [],
      summary: [],
      problem:
        "Payee share total must be under 100: the artists' payee shares add up to 120.5%, more than the label's share.",
    });
    // Exactly 100 is allowed.
    expect(shareWords([row('70'), row('30')], RECORDING_FORMATS).problem).toBeNull();
  });

  it("states a share the server refuses by the server's message, naming the row", () => {
    expect(shareWords([row('100'), row('abc')], RECORDING_FORMATS).problem).toBe(
      'Artist 2: Payee share must be a number',
    );
    expect(shareWords([row('10', '101')], RECORDING_FORMATS).problem).toBe(
      'Artist 1: Digital royalty share must be under 100',
    );
    expect(shareWords([row('-1')], RECORDING_FORMATS).problem).toBe('Artist 1: Payee share must be at least 0');
    // A release has no format shares: they are not read.
    expect(shareWords([{ payee_share: '10', digital_royalty_share: 'x' }], []).problem).toBeNull();
  });

  it('names nobody entitled when there is no artist, and the payees when a recording has them', () => {
    expect(shareWords([], RECORDING_FORMATS).summary).toEqual([
      "No artist is named: no one is entitled to the label's share of this recording's income.",
    ]);
    expect(shareWords([], []).summary[0]).toBe(
      "No artist is named: no one is entitled to the label's share of this release's income.",
    );
    const paid = shareWords([row('100')], RECORDING_FORMATS, { payeesInstead: true });
    expect(paid.rows).toEqual(['Pays nothing while the recording has payees.']);
    expect(paid.summary[0]).toMatch(/^This recording has payees: they are paid instead of its artists/);
  });
});
