import Big from 'big.js';
import type { RunPreviewRow, RunReplaces } from '../../../../../shared/schemas/statement-views';
import { money } from '../../../../../shared/schemas/money';
import { rowMovements } from './run-model';

/** One figure of a correction's comparison: the version in force, the new version, and what it changes. */
export type CorrectionFigure = { key: string; label: string; before: string; after: string; change: string };

/**
 * What a correction changes, figure by figure: the statement in force and the new version as the preview states them
 * (both are the server's own figures; the change is their difference, to the cent). Every figure of a statement's
 * account is listed (each movement when either version has it), so the two columns each add up to their closing.
 */
export function correctionFigures(before: RunPreviewRow, after: RunPreviewRow): CorrectionFigure[] {
  const figure = (key: string, label: string, b: string | undefined, a: string | undefined): CorrectionFigure => {
    const was = b ?? '0.00';
    const now = a ?? '0.00';
    return { key, label, before: was, after: now, change: money(new Big(now).minus(was)) };
  };
  return [
    figure('opening_balance', 'Opening balance', before.opening_balance, after.opening_balance),
    figure('royalties', 'Royalties', before.royalties, after.royalties),
    figure('costs', 'Costs', before.costs, after.costs),
    ...rowMovements([before, after]).map(({ key, header }) => figure(key, header, before[key], after[key])),
    figure('closing_balance', 'Closing balance', before.closing_balance, after.closing_balance),
    figure('payable', 'Payable', before.payable, after.payable),
  ];
}

/** The sentence over the comparison: which statement the run replaces, and that it stays in force until then. */
export function correctionSentence(replaces: Pick<RunReplaces, 'number' | 'version'>, published: boolean): string {
  const next = replaces.version + 1;
  if (published) return `Version ${next} replaced statement ${replaces.number} (version ${replaces.version}).`;
  return `Publishing states these months again as version ${next}, under a number of its own; statement ${replaces.number} (version ${replaces.version}) stays in force until then.`;
}
