/**
 * The ledger's smallest unit: a millionth (DECIMAL(18,6)). The engine splits whole units, so
 * every share is exact; these turn unit counts back into the API's 6-decimal strings.
 */
const UNITS_PER_WHOLE = 1_000_000n;

/** 6-decimal text of a count of millionths, e.g. -1234567n → "-1.234567". */
export function exactFromUnits(units: bigint | string | number): string {
  const value = BigInt(units);
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / UNITS_PER_WHOLE}.${String(abs % UNITS_PER_WHOLE).padStart(6, '0')}`;
}

/** SQL: a BIGINT/HUGEINT count of millionths as DECIMAL(18,6), exact (no division). */
export const decimalOfUnits = (expression: string) =>
  `CAST(${expression} * CAST(0.000001 AS DECIMAL(7,6)) AS DECIMAL(18,6))`;

/** SQL: a DECIMAL(18,6) amount as millionths (BIGINT), NULL as 0. */
export const unitsOf = (expression: string) => `CAST(coalesce(${expression}, 0) * 1000000 AS BIGINT)`;
