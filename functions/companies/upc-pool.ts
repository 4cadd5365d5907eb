import { ulid } from 'ulid';
import { gtin13, MAX_UPC_IMPORT, parseUpcList } from '../../shared/distribution.js';
import * as store from '../data/access/distribution.js';
import { recordOps } from '../catalogue/tenant-records.js';
import { prepareRelease } from '../catalogue/release-rules.js';
import { TENANT_COLLECTIONS } from '../catalogue/tenant-collections.js';
import { BadRequest, Conflict, InvalidField } from '../lib/errors.js';
import { required } from '../lib/required.js';
import { listAnswer, pageOfQuery, type SortSpec } from '../lib/list-query.js';
import { rowsAcrossCompanies } from '../lib/across-companies.js';

/**
 * A company's pool of bought UPCs: imported as a list whose
 * every check digit is verified, then handed out one by one to releases, never the same code
 * twice (the claim is a conditional write, see data/access/distribution.ts).
 */

/**
 * The releases collection with its release rules (UPC identifier kept in step), without the
 * catalogue's composition root: that pulls the audio pipeline into the companies Lambda.
 */
const releases = () =>
  recordOps({
    ...required(
      TENANT_COLLECTIONS.find((c) => c.collection === 'releases'),
      'the releases collection',
    ),
    prepare: prepareRelease,
  });
/** The unique-value scope of a company's release UPCs (functions/catalogue/tenant-records.ts guards). */
const releaseUpcScope = (tenantId: string) => `releases#${tenantId}.upc`;

type UpcListQuery = { page: number; per_page: number; sort: SortSpec<string>; q?: string; status?: 'free' | 'linked' };

/** The company's pool as list rows, each linked code with its release id. */
async function upcRows(tenantId: string) {
  return (await store.companyUpcs(tenantId)).map((u) => ({
    upc: u.upc,
    status: u.status,
    release_id: u.release_id ?? null,
    linked_at: u.linked_at ?? null,
    created_at: u.createdAt ?? null,
  }));
}

/** The company's pool, paged, with each linked code's release id. */
export async function listUpcs(tenantId: string, query: UpcListQuery) {
  const rows = await upcRows(tenantId);
  const page = pageOfQuery(rows, query, {
    searchFields: ['upc', 'release_id'],
    tieBreaker: 'upc',
    filter: query.status ? (row) => row.status === query.status : undefined,
  });
  const free = rows.filter((r) => r.status === 'free').length;
  return { ...listAnswer('distribution_upcs', page), free_count: free };
}

/** GET /admin/upcs: every company's pool (or one company's), with a company column, filtered and paged alike. */
export async function listAdminUpcs(query: UpcListQuery & { company?: string }) {
  const rows = await rowsAcrossCompanies(query.company, upcRows);
  const page = pageOfQuery(rows, query, {
    searchFields: ['upc', 'company_name'],
    tieBreaker: 'upc',
    filter: query.status ? (row) => row.status === query.status : undefined,
  });
  const free = rows.filter((r) => r.status === 'free').length;
  return { ...listAnswer('distribution_upcs', page), free_count: free };
}

/**
 * Imports a list of codes. Every line is checked first (check digit, listed twice, already in the
 * pool, already a release's UPC); any problem refuses the whole list, naming each line.
 */
export async function importUpcs(tenantId: string, text: string, userId: string) {
  const { codes, problems } = parseUpcList(text);
  if (!codes.length && !problems.length) throw new InvalidField('upcs', 'Enter at least one UPC');
  if (codes.length > MAX_UPC_IMPORT) throw new InvalidField('upcs', `Import at most ${MAX_UPC_IMPORT} UPCs at a time`);
  const forms = [...new Set(codes.flatMap(({ upc }) => formsOf(upc)))];
  const [inPool, onRelease] = await Promise.all([
    store.existingUpcs(tenantId, forms),
    store.existingGuards(releaseUpcScope(tenantId), forms),
  ]);
  for (const { line, upc } of codes) {
    if (formsOf(upc).some((f) => inPool.has(f))) problems.push(`Line ${line}: ${upc} is already in the pool`);
    else if (formsOf(upc).some((f) => onRelease.has(f)))
      problems.push(`Line ${line}: ${upc} is already the UPC of a release`);
  }
  if (problems.length) {
    const byLine = (p: string) => Number(/^Line (\d+)/.exec(p)?.[1] ?? 0);
    const sorted = [...problems].sort((a, b) => byLine(a) - byLine(b));
    throw new BadRequest(
      `No UPCs were imported: ${sorted.length} ${sorted.length === 1 ? 'line has a problem' : 'lines have problems'}`,
      {
        upcs: sorted,
      },
    );
  }
  await store.addFreeUpcs(
    tenantId,
    codes.map((c) => c.upc),
    { import_id: ulid(), imported_by: userId },
  );
  return { imported: codes.length, message: `${codes.length} ${codes.length === 1 ? 'UPC' : 'UPCs'} imported` };
}

/** A UPC-A and its EAN-13 form (a leading 0) are one code: both are looked for. */
function formsOf(upc: string): string[] {
  const code = gtin13(upc);
  return code.startsWith('0') ? [code, code.slice(1)] : [code];
}

/** A release may take a pool code while it has no UPC, or only an "assign" placeholder. */
const hasRealUpc = (upc: unknown) => typeof upc === 'string' && upc.trim() !== '' && !/assign/i.test(upc);

/** A link lock older than this belonged to a link that died half-way. */
const LINK_LOCK_STALE_MS = 60_000;

/** Claims the lowest free code and sets it on the release; null when the pool has none left. */
async function claimNextFree(tenantId: string, release: Awaited<ReturnType<ReturnType<typeof releases>['load']>>) {
  const releaseId = String(release.id);
  const free = (await store.companyUpcs(tenantId)).filter((u) => u.status === 'free').map((u) => u.upc);
  const now = new Date().toISOString();
  for (const upc of free) {
    if (!(await store.claimUpc(tenantId, upc, releaseId, now))) continue;
    try {
      await releases().update(release, { upc });
    } catch (error) {
      await store.releaseUpc(tenantId, upc, releaseId);
      throw error;
    }
    return upc;
  }
  return null;
}

/**
 * Links the next free code (in code order) to a release and sets the release's UPC. Codes taken
 * by concurrent links are skipped; a code the release cannot take (its UPC guard refuses it) goes
 * back to the pool and the refusal is answered.
 */
export async function linkToRelease(tenantId: string, releaseId: string) {
  const ops = releases();
  await ops.load(tenantId, releaseId);
  // Two links for one release at once would each take a code and one would be lost: one at a time,
  // each reading the release only once it holds the lock.
  if (!(await store.lockReleaseLink(tenantId, releaseId, LINK_LOCK_STALE_MS)))
    throw new Conflict('A UPC is being linked to this release already', {
      release_id: ['A UPC is being linked to this release already'],
    });
  try {
    const release = await ops.load(tenantId, releaseId);
    if (hasRealUpc(release.upc))
      throw new InvalidField('release_id', `This release already has the UPC ${String(release.upc)}`);
    const linked = await claimNextFree(tenantId, release);
    if (linked) return { upc: linked, message: `UPC ${linked} linked to ${String(release.title)}` };
  } finally {
    await store.unlockReleaseLink(tenantId, releaseId);
  }
  throw new InvalidField('upc', 'There are no free UPCs left in the pool; import more first');
}
