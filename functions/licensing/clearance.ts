import * as store from '../data/access/licenses.js';
import type { LicenseItem } from '../data/entities/license.js';

/** What the clearance check reads of a release. */
export type ClearedRelease = {
  id: string;
  release_date?: string | null;
  territories?: readonly string[] | null;
  recording_ids: readonly string[];
};

/** The licence's territory as country codes; null when it covers the world (blank, or "World"/"Worldwide"). */
function licensedCountries(license: LicenseItem): Set<string> | null {
  const territory = (license.territory ?? '').trim();
  if (!territory || /world/i.test(territory)) return null;
  return new Set(territory.toUpperCase().match(/\b[A-Z]{2}\b/g) ?? []);
}

const covers = (license: LicenseItem) => (license.assets ?? []).map((a) => `${a.asset_type}#${a.asset_id}`);

/**
 * The clearance check before quality control: a release may not go to the stores while it, or one
 * of its recordings, uses someone else's master under an incoming licence that is not signed (or
 * paid), or whose term or territory does not cover the release's: its start after the release
 * date, its end before it, or a country the release goes to that the licence does not name. Each
 * problem is a sentence naming the licence by its licensor and usage.
 */
export async function clearanceProblems(tenantId: string, release: ClearedRelease): Promise<string[]> {
  const wanted = new Set([`release#${release.id}`, ...release.recording_ids.map((id) => `recording#${id}`)]);
  const licences = (await store.listLicenses(tenantId)).filter(
    (l) => l.type === 'incoming' && covers(l).some((key) => wanted.has(key)),
  );
  const problems: string[] = [];
  for (const licence of licences) {
    const name = `The incoming licence from ${licence.licensee_name}${licence.usage ? ` (${licence.usage})` : ''}`;
    if (!['signed', 'paid'].includes(licence.status)) {
      problems.push(`${name} is not signed yet`);
      continue;
    }
    const day = release.release_date;
    if (day && licence.license_start_date && licence.license_start_date > day)
      problems.push(`${name} starts on ${licence.license_start_date}, after the release date ${day}`);
    if (day && licence.license_end_date && licence.license_end_date < day)
      problems.push(`${name} ends on ${licence.license_end_date}, before the release date ${day}`);
    const countries = licensedCountries(licence);
    if (countries) {
      const released = release.territories?.length ? release.territories : null;
      const missing = released ? released.filter((c) => !countries.has(c.toUpperCase())) : ['the whole world'];
      if (missing.length) problems.push(`${name} does not cover ${missing.join(', ')}, where the release goes`);
    }
  }
  return problems;
}
