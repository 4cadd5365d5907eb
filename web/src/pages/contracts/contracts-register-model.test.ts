import { describe, expect, it } from 'vitest';
import { contractsToShow, subjectPath, subjectWords } from './contracts-register-model';

const row = (id: string, over: Partial<Parameters<typeof subjectWords>[0]> = {}) => ({
  id,
  contractable_type: 'release',
  contractable_id: `r-${id}`,
  subject_name: `Release ${id}`,
  type_name: 'Artist release contract',
  status: 'signed',
  contractor_legal_name: 'Northern Lights Records Ltd',
  contractee_legal_name: `Artist ${id}`,
  start_date: '2026-01-01',
  end_date: null as string | null,
  ...over,
});
const none = { text: '', status: '', endingSoon: false };
const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

describe("the company's contracts list", () => {
  it('lists contracts in force soonest to end first, open-ended after, terminated last', () => {
    const rows = [
      row('open'),
      row('gone', { status: 'terminated', end_date: '2026-02-01' }),
      row('late', { end_date: '2027-06-30' }),
      row('soon', { end_date: '2026-12-31' }),
      row('draft', { status: 'draft', end_date: '2027-01-31' }),
    ];
    expect(ids(contractsToShow(rows, none, '2026-12-07'))).toEqual(['soon', 'draft', 'late', 'open', 'gone']);
  });

  it('finds a contract by any party, its subject or its kind, in any case and word order', () => {
    const rows = [row('a', { contractee_legal_name: 'Mara Holt' }), row('b', { subject_name: 'Aurora Sound EP' })];
    expect(ids(contractsToShow(rows, { ...none, text: 'holt MARA' }, '2026-12-07'))).toEqual(['a']);
    expect(ids(contractsToShow(rows, { ...none, text: 'aurora' }, '2026-12-07'))).toEqual(['b']);
    expect(ids(contractsToShow(rows, { ...none, text: 'northern lights' }, '2026-12-07'))).toEqual(['a', 'b']);
    expect(ids(contractsToShow(rows, { ...none, text: 'licence' }, '2026-12-07'))).toEqual([]);
  });

  it('keeps by status, and "ending soon" is a contract not terminated ending from today to 90 days on', () => {
    const rows = [
      row('today', { end_date: '2026-12-07' }),
      row('day90', { end_date: '2027-03-07' }),
      row('day91', { end_date: '2027-03-08' }),
      row('ended', { end_date: '2026-12-06' }),
      row('stopped', { status: 'terminated', end_date: '2026-12-20' }),
      row('draft', { status: 'draft' }),
    ];
    expect(ids(contractsToShow(rows, { ...none, endingSoon: true }, '2026-12-07'))).toEqual(['today', 'day90']);
    expect(ids(contractsToShow(rows, { ...none, status: 'draft' }, '2026-12-07'))).toEqual(['draft']);
  });

  it('names what a contract is on and links to its page; a subject since deleted is said so', () => {
    expect(subjectWords(row('x', { contractable_type: 'label', subject_name: 'Aurora Sound' }))).toBe(
      'Label: Aurora Sound',
    );
    expect(subjectWords(row('x', { subject_name: null }))).toBe('Release: no longer in the catalogue');
    expect(subjectPath(row('x', { contractable_type: 'artist', contractable_id: 'a/1' }))).toBe('/user/artists/a%2F1');
  });
});
