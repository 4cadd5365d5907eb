import { describe, expect, it } from 'vitest';
import { accountEntryInput } from '../../../../../shared/schemas/expense';
import { labelUpdate } from '../../../../../shared/schemas/label';
import {
  enteredAmount,
  entryEffect,
  entryWords,
  labelStatementSettings,
  validateEntry,
  type ManualEntryKind,
} from './account-model';
import type { StatementRun } from '../../../../../shared/schemas/statement-views';
import {
  isRunActive,
  publishConsequence,
  publishedSentence,
  pushedRun,
  runPercent,
  runWithProgress,
} from './run-model';

describe('account entries', () => {
  it('shows an advance or reserve as taken off the balance, a release as added, a transfer as typed', () => {
    expect(entryEffect('advance', '300')).toBe('-300.00');
    expect(entryEffect('reserve', '12.5')).toBe('-12.50');
    expect(entryEffect('reserve_release', '12.5')).toBe('12.50');
    expect(entryEffect('transfer', '-40.10')).toBe('-40.10');
    expect(entryEffect('adjustment', '5')).toBe('5.00');
  });

  it('names an entry to delete with its day as the pages write days, not as stored', () => {
    expect(entryWords({ kind: 'advance', amount: '-300.00', date: '2026-02-03' }, (a) => `£${a}`)).toBe(
      'Advance £-300.00 of 3rd Feb 2026',
    );
  });

  it('sends the amount as typed (the API signs it by kind)', () => {
    expect(enteredAmount(' 300 ')).toBe('300.00');
    expect(enteredAmount('-40.1')).toBe('-40.10');
  });

  it('takes amounts in cents, unsigned where the kind gives the sign, never zero', () => {
    const base = { kind: 'advance' as const, amount: '300.00', date: '2026-07-01', description: '' };
    expect(validateEntry(base)).toEqual({});
    expect(validateEntry({ ...base, amount: '-300' }).amount).toBe('Amount must be more than 0');
    expect(validateEntry({ ...base, amount: '1.005' }).amount).toBe('Amount must be an amount with up to 2 decimals');
    expect(validateEntry({ ...base, amount: '0.00' }).amount).toBe('Amount must be more than 0');
    expect(validateEntry({ ...base, kind: 'adjustment', amount: '0' }).amount).toBe('Amount must not be 0');
    expect(validateEntry({ ...base, kind: 'adjustment', amount: '-3.10' })).toEqual({});
    expect(validateEntry({ ...base, amount: '' }).amount).toBe('Amount is required');
    expect(validateEntry({ ...base, date: '01/07/2026' }).date).toBe('Date must be a whole date (DD/MM/YYYY)');
  });
  it('says of the amount what the API says, word for word, beside the field', () => {
    const api = (kind: string, amount: string) =>
      accountEntryInput
        .safeParse({ account: { type: 'Payee', id: 'P1' }, kind, amount, date: '2026-07-01' })
        .error?.issues.find((issue) => issue.path[0] === 'amount')?.message;
    const cases: [ManualEntryKind, string][] = [
      ['advance', '-300'],
      ['advance', '0'],
      ['reserve', '1.005'],
      ['reserve_release', 'ten'],
      ['transfer', '0.00'],
      ['adjustment', '1234567890123'],
      ['advance', ''],
    ];
    for (const [kind, amount] of cases) {
      const said = validateEntry({ kind, amount, date: '2026-07-01', description: '' }).amount;
      expect(said, `${kind} ${amount}`).toBeTruthy();
      expect(said, `${kind} ${amount}`).toBe(api(kind, amount));
    }
  });
});

describe("a label's statement settings", () => {
  it('defaults graphs on for a label and the rest empty', () => {
    expect(labelStatementSettings(undefined)).toEqual({
      default_summaries: [],
      formats: [],
      frequency: '',
      graphs: true,
    });
    expect(labelStatementSettings({ graphs: false, frequency: 'Quarterly' })).toMatchObject({
      graphs: false,
      frequency: 'Quarterly',
    });
  });

  it('saves as the label update the API takes, and an unknown frequency is refused', () => {
    const body = {
      statement_settings: { ...labelStatementSettings(undefined), default_summaries: ['store'], formats: ['PDF'] },
    };
    expect(labelUpdate.safeParse(body).success).toBe(true);
    expect(labelUpdate.safeParse({ statement_settings: { frequency: 'Weekly' } }).success).toBe(false);
  });
});

describe('following a run', () => {
  it('re-reads a run while previewing or publishing only', () => {
    expect(isRunActive('previewing')).toBe(true);
    expect(isRunActive('publishing')).toBe(true);
    expect(isRunActive('preview_ready')).toBe(false);
    expect(isRunActive(undefined)).toBe(false);
  });

  it('reads the run a pushed message is about, nested or flat', () => {
    expect(pushedRun({ type: 'StatementRun', run: { id: 'R1', progress: 40 } })).toEqual({ id: 'R1', progress: 40 });
    expect(pushedRun({ type: 'StatementRun', run_id: 'R2' })).toEqual({ id: 'R2' });
    expect(pushedRun({ type: 'StatementRun' })).toBeNull();
  });

  it('shows the light read’s status and counts with the full read’s preview rows, and no preview without them', () => {
    const totals = { payees: 2 } as unknown as NonNullable<StatementRun['preview']>['totals'];
    const warnings = { unmatched_lines: 0 } as unknown as NonNullable<StatementRun['preview']>['warnings'];
    const rows = [{ account: { type: 'Payee', id: 'P1' } }] as unknown as NonNullable<StatementRun['preview']>['rows'];
    const unaccountable = [{ recording_id: 'REC1' }] as unknown as StatementRun['unaccountable'];
    const run = (over: Partial<StatementRun>) =>
      ({ id: 'R1', status: 'preview_ready', done: 0, ...over }) as StatementRun;
    const full = run({ preview: { rows, totals, warnings }, unaccountable });
    const light = run({ status: 'publishing', done: 40, preview: { rows: [], totals, warnings }, unaccountable: [] });
    expect(runWithProgress(full, light)).toEqual({ ...light, preview: { rows, totals, warnings }, unaccountable });
    // Previewed since the full read (taken while previewing): the preview waits for the full read's rows.
    const previewing = run({ status: 'previewing', preview: null, unaccountable: [] });
    expect(runWithProgress(previewing, light)?.preview).toBeNull();
    // No light read yet, or one of another run: the full read as it is.
    expect(runWithProgress(full, undefined)).toBe(full);
    expect(runWithProgress(full, { ...light, id: 'R2' })).toBe(full);
    expect(runWithProgress(undefined, light)).toBeUndefined();
  });

  it('shows publishing progress as a whole percent, from the run or its counts', () => {
    const run = { progress: 0, done: 1, total: 3, status: 'publishing' as const };
    expect(runPercent(run)).toBe(33);
    expect(runPercent({ ...run, progress: 49.9 })).toBe(49);
    expect(runPercent(run, 67.5)).toBe(67);
    expect(runPercent({ ...run, status: 'published' })).toBe(100);
  });
});

describe('publishConsequence', () => {
  it('says how many statements are numbered and how many are mailed, before Publish', () => {
    const rows = (emails: (string | null)[]) => emails.map((email) => ({ email }));
    expect(publishConsequence(rows(['a@x.test', 'b@x.test', null]))).toEqual([
      '3 statements will be numbered and published.',
      '2 will be e-mailed to their payees; 1 has no e-mail address and will not be sent.',
      'A published statement cannot be changed: a mistake is put right with a correction.',
    ]);
    expect(publishConsequence(rows(['a@x.test']))[1]).toBe('1 will be e-mailed to its payee.');
    expect(publishConsequence(rows(['a@x.test', 'b@x.test']))[1]).toBe('All 2 will be e-mailed to their payees.');
    expect(publishConsequence(rows([null, null]))[1]).toBe(
      'None will be e-mailed: no payee in this run has an e-mail address.',
    );
    expect(publishConsequence(rows(Array(1200).fill(null)))[0]).toBe(
      '1,200 statements will be numbered and published.',
    );
  });
});

describe('publishedSentence', () => {
  it('says a published run sent only the statements whose payee has an e-mail address', () => {
    const rows = (emails: (string | null)[]) => emails.map((email) => ({ email }));
    expect(publishedSentence(2, rows(['a@x.test', 'b@x.test']))).toBe('2 statements published and sent.');
    expect(publishedSentence(2, rows([null, null]))).toBe(
      '2 statements published; none was e-mailed: no payee in this run has an e-mail address.',
    );
    expect(publishedSentence(1, rows(['a@x.test', null]))).toBe(
      '1 statement published; those of payees without an e-mail address were not sent.',
    );
  });
});
