import { licensesOfLines } from '../data/access/licenses.js';

/** The licence a ledger line came from, as the royalties list and its drill-down name it. */
export type LineLicence = { id: string; name: string; type: 'incoming' | 'outgoing' };

/** "Film Co (opening titles)": the licensee and the use, the way the label's people know the deal. */
function licenceName(license: { licensee_name: string; usage?: string | null }): string {
  return `${license.licensee_name}${license.usage ? ` (${license.usage})` : ''}`;
}

/**
 * Each royalty row with `license`: the licence whose fee (or advance) the line is, else null. Only
 * manual lines can come from a licence, so imported lines cost nothing; the id stays for the link,
 * the name is what the screen shows.
 */
export async function withLineLicences<Row extends { id?: unknown; manual?: unknown }>(
  tenantId: string,
  rows: Row[],
): Promise<(Row & { license: LineLicence | null })[]> {
  const manualIds = rows.flatMap((row) => (row.manual === true && typeof row.id === 'string' ? [row.id] : []));
  const licences = await licensesOfLines(tenantId, manualIds);
  return rows.map((row) => {
    const license = typeof row.id === 'string' ? licences.get(row.id) : undefined;
    return {
      ...row,
      license: license ? { id: license.id, name: licenceName(license), type: license.type } : null,
    };
  });
}
