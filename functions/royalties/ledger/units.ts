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

/** Millionths of a decimal string with at most 6 decimals ("-1.5" → -1500000n). */
export function unitsFromExact(text: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (!match) throw new Error(`not an exact amount: ${text}`);
  const units = BigInt(match[2]) * UNITS_PER_WHOLE + BigInt((match[3] ?? '').padEnd(6, '0'));
  return match[1] ? -units : units;
}

/** SQL: a BIGINT/HUGEINT count of millionths as DECIMAL(18,6), exact (no division). */
export const decimalOfUnits = (expression: string) =>
  `CAST(${expression} * CAST(0.000001 AS DECIMAL(7,6)) AS DECIMAL(18,6))`;

/** SQL: a DECIMAL(18,6) amount as millionths (BIGINT), NULL as 0. */
export const unitsOf = (expression: string) => `CAST(coalesce(${expression}, 0) * 1000000 AS BIGINT)`;
