import { describe, expect, it } from 'vitest';
import type { RunPreviewRow } from '../../../../../shared/schemas/statement-views';
import { correctionFigures, correctionSentence } from './correction-model';
import { publishConsequence } from './run-model';

const row = (figures: Partial<RunPreviewRow>): RunPreviewRow => ({
  account: { type: 'Payee', id: 'p1' },
  name: 'Ana',
  email: 'ana@example.test',
  lines: 2,
  opening_balance: '0.00',
  royalties: '0.00',
  costs: '0.00',
  closing_balance: '0.00',
  payable: '0.00',
  not_paid_reasons: [],
  ...figures,
});

describe("a correction's comparison", () => {
  it('lists every figure of both versions with their difference, each movement when either version has it', () => {
    const inForce = row({ royalties: '3000.00', recouped: '-3000.00', payments: '0.00' });
    const next = row({ royalties: '4000.00', recouped: '-4000.00', adjustments: '-1.25', closing_balance: '-1.25' });
    expect(correctionFigures(inForce, next)).toEqual([
      { key: 'opening_balance', label: 'Opening balance', before: '0.00', after: '0.00', change: '0.00' },
      { key: 'royalties', label: 'Royalties', before: '3000.00', after: '4000.00', change: '1000.00' },
      { key: 'costs', label: 'Costs', before: '0.00', after: '0.00', change: '0.00' },
      { key: 'adjustments', label: 'Adjustments', before: '0.00', after: '-1.25', change: '-1.25' },
      { key: 'recouped', label: 'Recouped', before: '-3000.00', after: '-4000.00', change: '-1000.00' },
      { key: 'closing_balance', label: 'Closing balance', before: '0.00', after: '-1.25', change: '-1.25' },
      { key: 'payable', label: 'Payable', before: '0.00', after: '0.00', change: '0.00' },
    ]);
  });

  it('says the statement in force stays so until the new version is published, and after it what replaced it', () => {
    expect(correctionSentence({ number: 'ST-000274', version: 1 }, false)).toBe(
      'Publishing states these months again as version 2, under a number of its own; statement ST-000274 (version 1) stays in force until then.',
    );
    expect(correctionSentence({ number: 'ST-000274', version: 2 }, true)).toBe(
      'Version 3 replaced statement ST-000274 (version 2).',
    );
  });

  it("names the statement it corrects in Publish's confirmation", () => {
    expect(publishConsequence([{ email: 'ana@example.test' }], { number: 'ST-000274', version: 1 })[0]).toBe(
      'Version 2 will be numbered and published, and statement ST-000274 marked as corrected by it.',
    );
  });
});
