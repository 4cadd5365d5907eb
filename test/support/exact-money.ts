/**
 * Exact money in tests that compare screens: an API money string as millionths (bigint), and millionths
 * to the cent, half away from zero, as the API's money strings show them. Worked out here by hand, not
 * with the product's formatter, so a test never checks the product against itself.
 */
export const units = (value: string): bigint => {
  const [whole, decimals = ''] = value.replace('-', '').split('.');
  const n = BigInt(whole) * 1_000_000n + BigInt(decimals.padEnd(6, '0').slice(0, 6));
  return value.startsWith('-') ? -n : n;
};

export const cents = (exact: string): string => {
  const u = units(exact);
  const abs = u < 0n ? -u : u;
  const c = (abs + 5_000n) / 10_000n;
  const text = `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
  return u < 0n && c > 0n ? `-${text}` : text;
};

/** Millionths back to an exact money string ("-0.495000"). */
export const exact = (u: bigint): string => {
  const abs = u < 0n ? -u : u;
  return `${u < 0n ? '-' : ''}${abs / 1_000_000n}.${String(abs % 1_000_000n).padStart(6, '0')}`;
};
