import { CustomAttributeType, Entity, type EntityItem } from 'electrodb';
import { SERVICE } from './service-name.js';
import { timestamps } from './timestamps.js';

/** One statement in force over a range of pay periods, as an account's guard lists it. */
export type StatedPeriod = { statement_id: string; number: string; start_pay_period: string; end_pay_period: string };

/**
 * The guard that keeps an account stated once per pay period: the ranges its statements in force
 * cover. Every publication of a statement for the account rewrites it in the same transaction
 * that numbers the statement, on condition that it is still at the version the publisher read
 * (created only if absent the first time). The publisher checked the ranges it read for an
 * overlap, so two statements for overlapping months can never both be written: the second
 * writer's condition fails, it reads again and finds the months stated.
 */
export const StatedPeriods = new Entity({
  model: { entity: 'statedPeriods', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    accountKey: { type: 'string', required: true },
    /** Moves by one with every write: the condition the next publication writes under. */
    version: { type: 'number', required: true },
    periods: { type: CustomAttributeType<StatedPeriod[]>('any'), required: true },
    ...timestamps,
  },
  indexes: {
    byAccount: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['accountKey'] } },
  },
});

/**
 * An account a run left out because another statement states its months already: written once
 * per run and account, in the same write that counts it on the run, so a re-delivered message
 * counts it once. The run page lists them with the statement in force.
 */
export const StatementRunSkip = new Entity({
  model: { entity: 'statementRunSkip', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    runId: { type: 'string', required: true },
    accountKey: { type: 'string', required: true },
    /** The number of the statement in force that states the account's months. */
    stated_by: { type: 'string', required: true },
    ...timestamps,
  },
  indexes: {
    byRun: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['runId', 'accountKey'] } },
  },
});

export type StatedPeriodsItem = EntityItem<typeof StatedPeriods>;

type Range = Pick<StatedPeriod, 'start_pay_period' | 'end_pay_period'>;

/** The statement in force whose months overlap `range` (inclusive pay periods), if any. */
export function statedOver(periods: readonly StatedPeriod[], range: Range): StatedPeriod | undefined {
  return periods.find((p) => p.start_pay_period <= range.end_pay_period && p.end_pay_period >= range.start_pay_period);
}

/**
 * The ranges in force once `added` is published: a correction takes the place of the statement it
 * replaces, any other statement is added (in the place of its own reservation, when its number was
 * reserved at publish).
 */
export function periodsAfter(
  periods: readonly StatedPeriod[],
  added: StatedPeriod,
  replacesId?: string,
): StatedPeriod[] {
  return [...periods.filter((p) => p.statement_id !== replacesId && p.statement_id !== added.statement_id), added];
}
