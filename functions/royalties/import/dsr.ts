import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { open } from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { MappingColumn, RoyaltyMap } from '../../../shared/schemas/royalty-map.js';

/**
 * Reads DDEX DSR flat files (Digital Sales Reporting, flat-file variant, Basic Audio profile,
 * multi-record blocks) without a user map: the file becomes a CSV with the mapping columns' own
 * names, which readReport reads through the map dsrToReport returns.
 *
 * The layout: tab-separated, one record a line, the record type in the first cell; `|` separates
 * values inside a cell. HEAD first, then summary records (SY..), then blocks of one release
 * (RE..), its resources (AS..) and their sales/usage lines (SU..), and FOOT last. An SU line
 * carries no territory, currency or commercial model: it names its summary record
 * (SummaryRecordId), which does.
 *
 * Columns are found by name from `#`-prefixed header rows (`#SU02\tRecordType\tBlockId…`) when
 * the file carries them, otherwise by position (DSR Part 8; 0-based, cell 0 = RecordType):
 *   HEAD  8 UsageStartDate, 10 SenderPartyId, 11 SenderName
 *   SY01/SY02/SY03  1 SummaryRecordId, 4 CommercialModel, 5 UseType, 6 Territory,
 *         10 CurrencyOfReporting, 11 NetRevenue; SY02/SY03 also 16 AllocatedNetRevenue
 *   RE01  1 BlockId, 2 ReleaseReference, 6 ReleaseICPN, 7 ReleaseDisplayArtistName, 9 ReleaseTitle, 12 ReleaseLabelName
 *   AS01/AS02/AS05/AS06  1 BlockId, 2 ResourceReference, 4 ISRC, 5 ResourceTitle, 7 ResourceDisplayArtistName
 *   SU01 (downloads)  1 BlockId, 2 SummaryRecordId, 4 TransactedRelease, 5 TransactedResource,
 *         8 Usages, 9 Returns, 10 PriceConsumerPaidExcSalesTax, 12 UseType
 *   SU02 (streams)    same up to 5, then 7 NumberOfStreams, 8 PriceConsumerPaidExcSalesTax, 10 UseType
 *   FOOT  1 NumberOfLinesInFile, 3 NumberOfSummaryRecords, 4 NumberOfBlocksInFile
 *
 * Revenue: Basic Audio SU lines have no revenue cell; the money is on the summary record
 * (AllocatedNetRevenue, the licensor's share, when there is one, else NetRevenue). So unless the
 * SU header row names a revenue column (NetRevenue, AllocatedNetRevenue…), each summary's revenue
 * is shared over its lines pro rata to net usages (usages − returns), or to net usages × price
 * when every line of that summary has a price (downloads at different prices). The shares are
 * cumulative roundings, so they add up to the summary's revenue to the last micro-unit.
 */

export type DsrCheck = {
  ok: boolean;
  problems: string[];
  /** SU lines read. */
  detail_lines: number;
  /** The SU lines' revenue per currency, e.g. "99.50 EUR; 3.00 USD". */
  detail_amount: string;
  /** NumberOfLinesInFile from FOOT. */
  footer_lines?: number;
  /** The summary records' revenue per currency. */
  summary_amount?: string;
};

const COLUMNS = [
  'isrc',
  'upc',
  'song',
  'artist',
  'album',
  'label_name',
  'territory',
  'sales_category',
  'quantity',
  'unit_price',
  'subtotal_payable',
  'subtotal_payable_currency',
  'pay_period',
  'retailer',
  'delivered_by',
] as const satisfies readonly MappingColumn[];

/** Header names (lower case) of each field; the first present wins. */
const NAMES = {
  usage_start: ['usagestartdate'],
  sender_id: ['senderpartyid'],
  sender_name: ['sendername'],
  lines_in_file: ['numberoflinesinfile'],
  summary_records: ['numberofsummaryrecords'],
  blocks_in_file: ['numberofblocksinfile'],
  summary_id: ['summaryrecordid'],
  commercial_model: ['commercialmodel', 'commercialmodeltype'],
  use_type: ['usetype'],
  territory: ['territory', 'territorycode'],
  currency: ['currencyofreporting', 'currency', 'currencyofaccounting'],
  revenue: ['netrevenue', 'netrevenueincurrencyofaccounting', 'revenue'],
  allocated_revenue: ['allocatednetrevenue', 'allocatednetrevenueincurrencyofaccounting'],
  block: ['blockid'],
  release_ref: ['releasereference', 'transactedreleasereference', 'transactedrelease'],
  resource_ref: ['resourcereference', 'transactedresourcereference', 'transactedresource'],
  icpn: ['releaseicpn', 'icpn'],
  isrc: ['resourceisrc', 'isrc'],
  artist: ['releasedisplayartistname', 'resourcedisplayartistname', 'displayartistname'],
  title: ['releasetitle', 'resourcetitle', 'title'],
  label: ['releaselabelname', 'labelname'],
  usages: ['usages', 'numberofstreams', 'numberofusages', 'downloads'],
  returns: ['returns'],
  price: ['priceconsumerpaidexcsalestax', 'priceenduserpaidexcsalestax'],
} satisfies Record<string, string[]>;
type Field = keyof typeof NAMES;
type Layout = Partial<Record<Field, number>>;

const SY01: Layout = { summary_id: 1, commercial_model: 4, use_type: 5, territory: 6, currency: 10, revenue: 11 };
const AS: Layout = { block: 1, resource_ref: 2, isrc: 4, title: 5, artist: 7 };
const POSITIONS: Record<string, Layout> = {
  HEAD: { usage_start: 8, sender_id: 10, sender_name: 11 },
  FOOT: { lines_in_file: 1, summary_records: 3, blocks_in_file: 4 },
  SY01,
  SY02: { ...SY01, allocated_revenue: 16 },
  SY03: { ...SY01, allocated_revenue: 16 },
  RE01: { block: 1, release_ref: 2, icpn: 6, artist: 7, title: 9, label: 12 },
  AS01: AS,
  AS02: AS,
  AS05: AS,
  AS06: AS,
  SU01: { block: 1, summary_id: 2, release_ref: 4, resource_ref: 5, usages: 8, returns: 9, price: 10, use_type: 12 },
  SU02: { block: 1, summary_id: 2, release_ref: 4, resource_ref: 5, usages: 7, price: 8, use_type: 10 },
};
/** What is safe to read by position from a record type this reader does not know. */
const FALLBACK: Record<string, Layout> = {
  SY: { summary_id: 1 },
  RE: { block: 1, release_ref: 2 },
  AS: { block: 1, resource_ref: 2 },
  SU: { block: 1 },
};

type Family = 'HEAD' | 'FOOT' | 'SY' | 'RE' | 'AS' | 'SU' | 'other';
const familyOf = (type: string): Family =>
  (/^(HEAD|FOOT|SY|RE|AS|SU)/.exec(type)?.[1] as Family | undefined) ?? 'other';
/** 'SU02.03' → 'SU02': the record version changes trailing cells, not the ones read here. */
const baseOf = (type: string) => type.split('.')[0];

type Rec = { line: number; type: string; family: Family; cells: string[]; layout: Layout; known: boolean };
type Counts = { records: number; headerRows: number };

async function isGzip(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(2);
    const { bytesRead } = await handle.read(head, 0, 2, 0);
    return bytesRead === 2 && head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

/** The file's lines, one at a time (DSRs run to millions of lines; many arrive gzipped). */
async function* readLines(file: string): AsyncGenerator<string> {
  const input = createReadStream(file);
  const source = (await isGzip(file)) ? pipeline(input, createGunzip(), () => {}) : input;
  const lines = readline.createInterface({ input: source, crlfDelay: Infinity });
  try {
    let first = true;
    for await (const line of lines) {
      yield first ? line.replace(/^\uFEFF/, '') : line;
      first = false;
    }
  } finally {
    lines.close();
    input.destroy();
  }
}

/** The records, each with the layout to read it by; `#` header rows give the layouts of the records after them. */
async function* readRecords(file: string, counts: Counts): AsyncGenerator<Rec> {
  const headers = new Map<string, Layout>();
  let line = 0;
  for await (const text of readLines(file)) {
    line++;
    if (!text.trim()) continue;
    const cells = text.split('\t');
    if (text.startsWith('#')) {
      counts.headerRows++;
      const type = cells[0].slice(1).trim();
      if (familyOf(type) === 'other') continue;
      // `#SU02` stands in for the RecordType cell; some files write `#SU02\tRecordType\t…` all the same.
      const names = cells.map((c) => c.trim().toLowerCase());
      if (names[1] === 'recordtype') names.splice(1, 1);
      const layout: Layout = {};
      for (const [field, aliases] of Object.entries(NAMES) as [Field, string[]][]) {
        const at = aliases.map((a) => names.indexOf(a)).find((i) => i > 0);
        if (at !== undefined) layout[field] = at;
      }
      headers.set(type, layout);
      headers.set(baseOf(type), layout);
      continue;
    }
    counts.records++;
    const type = cells[0].trim();
    const family = familyOf(type);
    const known = headers.get(type) ?? headers.get(baseOf(type)) ?? POSITIONS[baseOf(type)];
    yield { line, type, family, cells, layout: known ?? FALLBACK[family] ?? {}, known: known !== undefined };
  }
}

const cell = (rec: Rec, field: Field) => {
  const at = rec.layout[field];
  return at === undefined ? '' : (rec.cells[at] ?? '').trim();
};
const firstValue = (value: string) => value.split('|')[0].trim();
const joinValues = (value: string) =>
  value
    .split('|')
    .map((v) => v.trim())
    .filter(Boolean)
    .join(' & ');
const hasOwnRevenue = (rec: Rec) => rec.layout.revenue !== undefined || rec.layout.allocated_revenue !== undefined;

// Money and usages as integers of millionths: exact sums, never floats.
const UNIT = 1_000_000n;
function decimal(text: string): bigint | null {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!m || (!m[2] && !m[3])) return null;
  const fraction = m[3] ?? '';
  let value = BigInt((m[2] || '0') + fraction.slice(0, 6).padEnd(6, '0'));
  if (fraction.length > 6 && fraction[6] >= '5') value += 1n;
  return m[1] === '-' ? -value : value;
}
function show(value: bigint, minPlaces: number): string {
  const abs = value < 0n ? -value : value;
  let fraction = (abs % UNIT).toString().padStart(6, '0').replace(/0+$/, '');
  fraction = fraction.padEnd(minPlaces, '0');
  return `${value < 0n ? '-' : ''}${abs / UNIT}${fraction ? `.${fraction}` : ''}`;
}
/** n / d rounded half away from zero (d > 0). */
function divide(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  return 2n * (r < 0n ? -r : r) >= d ? q + (n < 0n ? -1n : 1n) : q;
}
const showTotals = (totals: Map<string, bigint>) =>
  [...totals]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, amount]) => `${show(amount, 2)} ${currency}`.trim())
    .join('; ');
const addTo = (totals: Map<string, bigint>, currency: string, amount: bigint) =>
  totals.set(currency, (totals.get(currency) ?? 0n) + amount);

const csvValue = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** Whether the file is a DSR flat file: its first line (past blank lines and `#` header rows) is a HEAD record. */
export async function isDsr(file: string): Promise<boolean> {
  for await (const line of readLines(file)) {
    if (!line.trim() || line.startsWith('#')) continue;
    return line.startsWith('HEAD\t');
  }
  return false;
}

type Share = { usages: bigint; priced: bigint; allPriced: boolean };
/** Per summary record, the usage (or usage × price) its lines share its revenue by. */
function netUsages(rec: Rec): bigint | null {
  const usages = decimal(cell(rec, 'usages'));
  const returns = decimal(cell(rec, 'returns'));
  return usages === null ? null : usages - (returns ?? 0n);
}

async function sharesOf(file: string): Promise<Map<string, Share>> {
  const shares = new Map<string, Share>();
  for await (const rec of readRecords(file, { records: 0, headerRows: 0 })) {
    if (rec.family !== 'SU' || hasOwnRevenue(rec)) continue;
    const id = cell(rec, 'summary_id');
    const share = shares.get(id) ?? { usages: 0n, priced: 0n, allPriced: true };
    const usages = netUsages(rec) ?? 0n;
    const price = decimal(cell(rec, 'price'));
    share.usages += usages;
    if (price === null) share.allPriced = false;
    else share.priced += usages * price;
    shares.set(id, share);
  }
  return shares;
}

type Summary = {
  model: string;
  useType: string;
  territory: string;
  currency: string;
  revenue: bigint;
  weighed: bigint;
  allocated: bigint;
};
type Item = Partial<Record<'ref' | 'title' | 'artist' | 'isrc' | 'icpn' | 'label', string>>;

/**
 * Writes the DSR's sales lines as a CSV in workDir (one row per SU line) and checks them against
 * the file's own totals: the footer's line counts and the summary records' revenue per currency.
 */
export async function dsrToReport(
  file: string,
  workDir: string,
): Promise<{ file: string; map: RoyaltyMap; check: DsrCheck }> {
  if (!(await isDsr(file)))
    throw new Error(`${path.basename(file)} is not a DSR flat file: its first line is not a HEAD record.`);
  const shares = await sharesOf(file);
  const output = path.join(workDir, `${path.basename(file).replace(/\.gz$/i, '')}.csv`);
  const out = createWriteStream(output);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(`${COLUMNS.join(',')}\n`);

  const problems: string[] = [];
  // A broken file can break every line the same way: the first few say enough.
  let lineProblems = 0;
  const lineProblem = (sentence: string) => {
    if (++lineProblems <= 20) problems.push(sentence);
  };
  const unknownTypes = new Set<string>();
  const counts: Counts = { records: 0, headerRows: 0 };
  const summaries = new Map<string, Summary>();
  const summaryTotals = new Map<string, bigint>();
  const detailTotals = new Map<string, bigint>();
  let headSeen = false;
  let period = '';
  let sender = '';
  let footer: { lines: string; summaries: string; blocks: string } | undefined;
  let summaryRecords = 0;
  let blocks = 0;
  let detailLines = 0;
  let block = { id: '\0', releases: new Map<string, Item>(), resources: new Map<string, Item>() };

  for await (const rec of readRecords(file, counts)) {
    if (!rec.known && rec.family !== 'other' && !unknownTypes.has(rec.type)) {
      unknownTypes.add(rec.type);
      problems.push(
        `Record type ${rec.type} (first on line ${rec.line}) has no header row and is not one this reader knows by position, so its lines were read only in part.`,
      );
    }
    if (rec.family === 'HEAD' && !headSeen) {
      headSeen = true;
      const start = cell(rec, 'usage_start');
      const m = /^(\d{4})(?:-?(\d{2}))?/.exec(start);
      // A yearly report (UsageStartDate YYYY) is booked to its first month.
      period = m ? `${m[1]}-${m[2] ?? '01'}` : '';
      if (!period)
        problems.push(
          `The header has no usage start date (${start || 'empty'}), so the sales lines have no pay period.`,
        );
      sender = cell(rec, 'sender_name') || cell(rec, 'sender_id');
    } else if (rec.family === 'FOOT') {
      footer = {
        lines: cell(rec, 'lines_in_file'),
        summaries: cell(rec, 'summary_records'),
        blocks: cell(rec, 'blocks_in_file'),
      };
    } else if (rec.family === 'SY') {
      summaryRecords++;
      const allocated = cell(rec, 'allocated_revenue');
      const revenueText = allocated || cell(rec, 'revenue');
      const revenue = decimal(revenueText);
      if (revenueText && revenue === null)
        lineProblem(`Summary record on line ${rec.line} has a revenue that is not a number: ${revenueText}.`);
      const currency = cell(rec, 'currency').toUpperCase();
      const summary = {
        model: cell(rec, 'commercial_model'),
        useType: cell(rec, 'use_type'),
        territory: cell(rec, 'territory'),
        currency,
        revenue: revenue ?? 0n,
        weighed: 0n,
        allocated: 0n,
      };
      summaries.set(cell(rec, 'summary_id'), summary);
      if (revenue !== null) addTo(summaryTotals, currency, revenue);
    } else if (rec.family === 'RE' || rec.family === 'AS') {
      const id = cell(rec, 'block');
      if (id !== block.id) {
        block = { id, releases: new Map(), resources: new Map() };
        blocks++;
      }
      const item: Item = {
        title: cell(rec, 'title'),
        artist: cell(rec, 'artist'),
        isrc: cell(rec, 'isrc'),
        icpn: cell(rec, 'icpn'),
        label: cell(rec, 'label'),
      };
      if (rec.family === 'RE') block.releases.set(cell(rec, 'release_ref'), item);
      else block.resources.set(cell(rec, 'resource_ref'), item);
    } else if (rec.family === 'SU') {
      detailLines++;
      const summaryId = cell(rec, 'summary_id');
      const summary = summaries.get(summaryId);
      if (!summary)
        lineProblem(
          `Sales line ${rec.line} refers to summary record ${summaryId || '(none)'}, which the file does not have.`,
        );
      // The head release (first RE of the block) stands in for a release the line does not name,
      // and the block's only resource for a resource it does not name.
      const head = block.releases.values().next().value;
      const release = block.releases.get(cell(rec, 'release_ref')) ?? head;
      const resourceRef = cell(rec, 'resource_ref');
      const resource = resourceRef
        ? block.resources.get(resourceRef)
        : block.resources.size === 1
          ? block.resources.values().next().value
          : undefined;
      const albumField = (field: keyof Item) => release?.[field] || head?.[field] || '';
      const currency = (cell(rec, 'currency') || summary?.currency || '').toUpperCase();
      const usages = netUsages(rec);
      const price = decimal(cell(rec, 'price'));

      let amount = '';
      if (hasOwnRevenue(rec)) {
        amount = cell(rec, 'allocated_revenue') || cell(rec, 'revenue');
        const value = decimal(amount);
        if (value !== null) addTo(detailTotals, currency, value);
        else
          lineProblem(
            `Sales line ${rec.line} has ${amount ? `a revenue that is not a number: ${amount}` : 'no revenue'}.`,
          );
      } else if (summary) {
        const share = shares.get(summaryId) ?? { usages: 0n, priced: 0n, allPriced: false };
        const byPrice = share.allPriced && share.priced > 0n;
        const whole = byPrice ? share.priced : share.usages;
        summary.weighed += byPrice ? (usages ?? 0n) * (price ?? 0n) : (usages ?? 0n);
        const allocated = whole === 0n ? 0n : divide(summary.revenue * summary.weighed, whole);
        const value = allocated - summary.allocated;
        summary.allocated = allocated;
        amount = show(value, 6);
        addTo(detailTotals, currency, value);
      }

      const row: Record<(typeof COLUMNS)[number], string> = {
        isrc: firstValue(resource?.isrc ?? ''),
        upc: firstValue(albumField('icpn')),
        song: resource?.title ?? '',
        artist: joinValues(resource?.artist || albumField('artist')),
        album: albumField('title'),
        label_name: firstValue(albumField('label')),
        territory: cell(rec, 'territory') || summary?.territory || '',
        sales_category: [cell(rec, 'commercial_model') || summary?.model, cell(rec, 'use_type') || summary?.useType]
          .filter(Boolean)
          .join('/'),
        quantity: usages === null ? cell(rec, 'usages') : show(usages, 0),
        unit_price: cell(rec, 'price'),
        subtotal_payable: amount,
        subtotal_payable_currency: currency,
        pay_period: period,
        retailer: sender,
        delivered_by: sender,
      };
      await write(`${COLUMNS.map((c) => csvValue(row[c])).join(',')}\n`);
    }
  }
  out.end();
  await once(out, 'finish');

  if (lineProblems > 20) problems.push(`${lineProblems - 20} more lines have problems like these.`);
  const footerLines = footer?.lines ? Number(footer.lines) : undefined;
  if (!footer) problems.push('The file has no footer (FOOT) record, so it may have been cut short.');
  // Whether NumberOfLinesInFile counts `#` header rows is left open by the standard: either count is accepted.
  else if (
    footerLines !== undefined &&
    footerLines !== counts.records &&
    footerLines !== counts.records + counts.headerRows
  ) {
    problems.push(`The footer says ${footer.lines} lines; the file has ${counts.records}.`);
  }
  if (footer?.summaries && Number(footer.summaries) !== summaryRecords)
    problems.push(`The footer says ${footer.summaries} summary records; the file has ${summaryRecords}.`);
  if (footer?.blocks && Number(footer.blocks) !== blocks)
    problems.push(`The footer says ${footer.blocks} blocks; the file has ${blocks}.`);
  if (summaryRecords) {
    for (const currency of new Set([...summaryTotals.keys(), ...detailTotals.keys()])) {
      const said = summaryTotals.get(currency) ?? 0n;
      const found = detailTotals.get(currency) ?? 0n;
      if (said !== found)
        problems.push(
          `The summary says ${show(said, 2)} ${currency}; the sales lines add up to ${show(found, 2)} ${currency}.`,
        );
    }
  }

  const map: RoyaltyMap = { columns: Object.fromEntries(COLUMNS.map((c) => [c, c])), delimiter: ',', decimal: 'point' };
  return {
    file: output,
    map,
    check: {
      ok: problems.length === 0,
      problems,
      detail_lines: detailLines,
      detail_amount: showTotals(detailTotals),
      ...(footerLines !== undefined && Number.isFinite(footerLines) ? { footer_lines: footerLines } : {}),
      ...(summaryRecords ? { summary_amount: showTotals(summaryTotals) } : {}),
    },
  };
}
