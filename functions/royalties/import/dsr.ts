import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { open } from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import Big from 'big.js';
import type { MappingColumn, RoyaltyMap } from '../../../shared/schemas/royalty-map.js';
import { dayOf, type Figure, halfUnit, isGtin, isIsrc, netProblems, rateProblems } from './dsr-checks.js';
import { baseOf, FALLBACK, type Family, type Field, familyOf, type Layout, NAMES, POSITIONS } from './dsr-layouts.js';
import { ReportProblem } from './report-problem.js';

/**
 * Reads DDEX DSR flat files (Digital Sales Reporting, flat-file variant) without a user map: the
 * file becomes a CSV with the mapping columns' own names, which readReport reads through the map
 * dsrToReport returns. Profiles: Basic Audio 1.2 (multi-record blocks, below), SRB financial
 * reports to record companies 1.0 (SY10 summaries, SR08 lines that carry their own release,
 * resource and money) and UGC 1.2 (SU03 lines, each LI01 after one a ledger line of its
 * AllocatedAmount). Positions of every record type read are in dsr-layouts.ts.
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
  /** Sales lines written (SU, SR, or the LI01 shares of a UGC line). */
  detail_lines: number;
  /** The sales lines' revenue per currency, e.g. "99.50 EUR; 3.00 USD". */
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
export async function* readLines(file: string): AsyncGenerator<string> {
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

/**
 * Which summary record a line belongs to: its SummaryRecordId and how many summary records with that id came
 * before the line (a file that repeats an id is refused, but each line is still checked against the summary
 * record in force where it stands, its own block's, not the file's last one with that id).
 */
const summaryKey = (id: string, occurrence: number) => `${occurrence}\u0000${id}`;

async function sharesOf(file: string): Promise<Map<string, Share>> {
  const shares = new Map<string, Share>();
  const occurrences = new Map<string, number>();
  for await (const rec of readRecords(file, { records: 0, headerRows: 0 })) {
    if (rec.family === 'SY') {
      const id = cell(rec, 'summary_id');
      occurrences.set(id, (occurrences.get(id) ?? 0) + 1);
    }
    if (rec.family !== 'SU' || hasOwnRevenue(rec)) continue;
    const key = summaryKey(cell(rec, 'summary_id'), occurrences.get(cell(rec, 'summary_id')) ?? 0);
    const share = shares.get(key) ?? { usages: 0n, priced: 0n, allPriced: true };
    const usages = netUsages(rec) ?? 0n;
    const price = decimal(cell(rec, 'price'));
    share.usages += usages;
    if (price === null) share.allPriced = false;
    else share.priced += usages * price;
    shares.set(key, share);
  }
  return shares;
}

type Summary = {
  id: string;
  /** How many summary records with this id the file has had up to this one (1 for the first). */
  occurrence: number;
  line: number;
  model: string;
  useType: string;
  territory: string;
  currency: string;
  revenue: bigint;
  revenueText: string;
  rate: string;
  /** What the summary says its lines' usages add up to ('' when it does not say). */
  usagesText: string;
  weighed: bigint;
  allocated: bigint;
  /** What its sales lines add up to, and how far their own roundings may take them. */
  lineUsages: bigint;
  lineRevenue: bigint;
  lineSlack: bigint;
};
type Item = Partial<Record<'ref' | 'title' | 'artist' | 'isrc' | 'icpn' | 'label', string>>;
type Row = Record<(typeof COLUMNS)[number], string>;
/** A sales line read but not yet written: UGC licensing lines (LI01) after it take its place. */
type Pending = { row: Row; amount: bigint | null; text: string; summary?: Summary; replaced: boolean };

/** Half a unit of the last place `text` is written to, in millionths (at least one). */
const slackOf = (text: string) => {
  const micro = halfUnit(text).times(1_000_000).round(0, Big.roundUp);
  return BigInt(micro.lt(1) ? 1 : micro.toString());
};

/**
 * Writes the DSR's sales lines as a CSV in workDir (one row per SU or SR line, or per LI01 share of
 * a UGC line) and checks them against the file's own figures: the footers' line, block
 * and summary-record counts, each line's summary record, each summary's usages and revenue, net =
 * gross − deductions, accounting = transaction × rate, sales dates in the header's period, ISRCs
 * and UPC/EAN check digits. A report cut into files arrives here as its files one after the other
 * (dsr-parts.ts), each opened by HEAD or FHEA and closed by FFOO, or FOOT for the last.
 */
export async function dsrToReport(
  file: string,
  workDir: string,
): Promise<{ file: string; map: RoyaltyMap; check: DsrCheck }> {
  if (!(await isDsr(file)))
    throw new ReportProblem(`${path.basename(file)} is not a DSR flat file: its first line is not a HEAD record.`);
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
  // The summary record in force for each id (the latest read), and every summary record in file order.
  const summaries = new Map<string, Summary>();
  const allSummaries: Summary[] = [];
  const summaryLines = new Map<string, number[]>();
  const summaryTotals = new Map<string, bigint>();
  const detailTotals = new Map<string, bigint>();
  let headSeen = false;
  let period = '';
  let from: string | null = null;
  let to: string | null = null;
  let sender = '';
  let footer: { type: string; lines: string; summaries: string; blocks: string } | undefined;
  let filesSaid = 1;
  let filesRead = 0;
  // Where the file being read began, to count its own lines and blocks for its footer.
  const fileStart = { records: 0, headerRows: 0, blocks: 0 };
  let summaryRecords = 0;
  let blocks = 0;
  let detailLines = 0;
  let block = {
    id: '\0',
    releases: new Map<string, Item>(),
    resources: new Map<string, Item>(),
    byDsp: new Map<string, Item>(),
  };
  let pending: Pending | undefined;

  const identifiers = (what: string, isrcs: string, icpns: string) => {
    for (const isrc of isrcs.split('|').map((v) => v.trim()))
      if (isrc && !isIsrc(isrc)) lineProblem(`${what}: ISRC ${isrc} is not a valid ISRC (CC-XXX-YY-NNNNN).`);
    for (const icpn of icpns.split('|').map((v) => v.trim()))
      if (icpn && !isGtin(icpn)) lineProblem(`${what}: UPC/EAN ${icpn} fails its check digit.`);
  };
  const inPeriod = (what: string, name: string, date: string) => {
    const day = date ? dayOf(date, 'start') : null;
    if (!date || !from || !to) return;
    if (!day || day < from || day > to)
      lineProblem(`${what}: ${name} ${date} is outside the report's period ${from} to ${to}.`);
  };
  const book = (summary: Summary | undefined, currency: string, amount: bigint | null, text: string) => {
    if (amount === null) return;
    addTo(detailTotals, currency, amount);
    if (!summary) return;
    summary.lineRevenue += amount;
    summary.lineSlack += slackOf(text);
  };
  const flush = async () => {
    if (!pending || pending.replaced) {
      pending = undefined;
      return;
    }
    const { row, summary, amount, text } = pending;
    pending = undefined;
    book(summary, row.subtotal_payable_currency, amount, text);
    detailLines++;
    await write(`${COLUMNS.map((c) => csvValue(row[c])).join(',')}\n`);
  };
  const summaryOf = (rec: Rec, id: string) => {
    const summary = summaries.get(id);
    if (!summary)
      lineProblem(`Sales line ${rec.line} refers to summary record ${id || '(none)'}, which the file does not have.`);
    return summary;
  };
  const rowOf = (rec: Rec, summary: Summary | undefined, item: Omit<Row, 'territory' | 'sales_category'>): Row => ({
    ...item,
    territory: cell(rec, 'territory') || summary?.territory || '',
    sales_category: [cell(rec, 'commercial_model') || summary?.model, cell(rec, 'use_type') || summary?.useType]
      .filter(Boolean)
      .join('/'),
  });

  for await (const rec of readRecords(file, counts)) {
    if (rec.family !== 'LI') await flush();
    if (!rec.known && rec.family !== 'other' && !unknownTypes.has(rec.type)) {
      unknownTypes.add(rec.type);
      problems.push(
        `Record type ${rec.type} (first on line ${rec.line}) has no header row and is not one this reader knows by position, so its lines were read only in part.`,
      );
    }
    if (rec.family === 'HEAD') {
      filesRead++;
      const number = cell(rec, 'file_number');
      if (number && Number(number) !== filesRead)
        problems.push(`File ${filesRead} of the report says it is file ${number}: a file is missing or repeated.`);
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
      from = dayOf(start, 'start');
      to = dayOf(cell(rec, 'usage_end') || start, 'end');
      filesSaid = Number(cell(rec, 'files')) || 1;
      sender = cell(rec, 'sender_name') || cell(rec, 'sender_id');
    } else if (rec.family === 'FOOT') {
      footer = {
        type: baseOf(rec.type),
        lines: cell(rec, 'lines_in_report') || cell(rec, 'lines_in_file'),
        summaries: cell(rec, 'summary_records'),
        blocks: cell(rec, 'blocks_in_report') || cell(rec, 'blocks_in_file'),
      };
      const fileLines = counts.records - fileStart.records;
      const fileHeaderRows = counts.headerRows - fileStart.headerRows;
      const said = cell(rec, 'lines_in_file');
      const of = filesSaid > 1 ? ` of file ${filesRead}` : '';
      // Whether NumberOfLinesInFile counts `#` header rows is left open by the standard: either count is accepted.
      if (said && Number(said) !== fileLines && Number(said) !== fileLines + fileHeaderRows)
        problems.push(`The footer${of} says ${said} lines; the file has ${fileLines}.`);
      const blocksSaid = cell(rec, 'blocks_in_file');
      if (blocksSaid && Number(blocksSaid) !== blocks - fileStart.blocks)
        problems.push(`The footer${of} says ${blocksSaid} blocks; the file has ${blocks - fileStart.blocks}.`);
      Object.assign(fileStart, { records: counts.records, headerRows: counts.headerRows, blocks });
    } else if (rec.family === 'SY') {
      summaryRecords++;
      const id = cell(rec, 'summary_id');
      const what = `Summary record ${id} (line ${rec.line})`;
      const allocated = cell(rec, 'allocated_revenue');
      const revenueText = allocated || cell(rec, 'revenue');
      const revenue = decimal(revenueText);
      if (revenueText && revenue === null)
        lineProblem(`Summary record on line ${rec.line} has a revenue that is not a number: ${revenueText}.`);
      const currency = cell(rec, 'currency').toUpperCase();
      const rate = cell(rec, 'rate');
      const lines = [...(summaryLines.get(id) ?? []), rec.line];
      summaryLines.set(id, lines);
      const summary: Summary = {
        id,
        occurrence: lines.length,
        line: rec.line,
        model: cell(rec, 'commercial_model'),
        useType: cell(rec, 'use_type'),
        territory: cell(rec, 'territory'),
        currency,
        revenue: revenue ?? 0n,
        revenueText,
        rate,
        usagesText: cell(rec, 'allocated_usages') || cell(rec, 'usages'),
        weighed: 0n,
        allocated: 0n,
        lineUsages: 0n,
        lineRevenue: 0n,
        lineSlack: 0n,
      };
      summaries.set(id, summary);
      allSummaries.push(summary);
      if (revenue !== null) addTo(summaryTotals, currency, revenue);
      const get = (figure: Figure) => cell(rec, figure);
      // Deductions are taken from the gross: the allocated figures are checked against the rate only.
      const bases = ['gross', 'deductions', 'net', 'alloc_rev', 'alloc_net'] as const;
      for (const sentence of [...netProblems(what, get, 'gross', 'net'), ...rateProblems(what, get, [...bases], rate)])
        lineProblem(sentence);
    } else if (rec.family === 'RE' || rec.family === 'AS') {
      const id = cell(rec, 'block');
      if (id !== block.id) {
        block = { id, releases: new Map(), resources: new Map(), byDsp: new Map() };
        blocks++;
      }
      const item: Item = {
        title: cell(rec, 'title'),
        artist: cell(rec, 'artist'),
        isrc: cell(rec, 'isrc'),
        icpn: cell(rec, 'icpn'),
        label: cell(rec, 'label'),
      };
      const ref = cell(rec, rec.family === 'RE' ? 'release_ref' : 'resource_ref');
      const kind = rec.family === 'RE' ? 'Release' : 'Resource';
      identifiers(`${kind} ${ref} (line ${rec.line})`, item.isrc ?? '', item.icpn ?? '');
      if (rec.family === 'RE') block.releases.set(ref, item);
      else {
        block.resources.set(ref, item);
        const dsp = cell(rec, 'dsp_resource');
        if (dsp) block.byDsp.set(dsp, item);
      }
    } else if (rec.family === 'SU') {
      const summaryId = cell(rec, 'summary_id');
      const summary = summaryOf(rec, summaryId);
      // The head release (first RE of the block) stands in for a release the line does not name,
      // and the block's only resource for a resource it does not name.
      const head = block.releases.values().next().value;
      const release = block.releases.get(cell(rec, 'release_ref')) ?? head;
      const resourceRef = cell(rec, 'resource_ref');
      const dsp = cell(rec, 'dsp_resource');
      const resource = resourceRef
        ? block.resources.get(resourceRef)
        : dsp
          ? block.byDsp.get(dsp)
          : block.resources.size === 1
            ? block.resources.values().next().value
            : undefined;
      const albumField = (field: keyof Item) => release?.[field] || head?.[field] || '';
      const currency = (cell(rec, 'currency') || summary?.currency || '').toUpperCase();
      const usages = netUsages(rec);
      const price = decimal(cell(rec, 'price'));
      if (summary) summary.lineUsages += decimal(cell(rec, 'usages')) ?? 0n;
      inPeriod(`Sales line ${rec.line}`, 'ValidityPeriodStart', cell(rec, 'validity_start'));
      inPeriod(`Sales line ${rec.line}`, 'ValidityPeriodEnd', cell(rec, 'validity_end'));

      let amount = '';
      let value: bigint | null = null;
      if (hasOwnRevenue(rec)) {
        amount = cell(rec, 'allocated_revenue') || cell(rec, 'revenue');
        value = decimal(amount);
        if (value === null)
          lineProblem(
            `Sales line ${rec.line} has ${amount ? `a revenue that is not a number: ${amount}` : 'no revenue'}.`,
          );
      } else if (summary) {
        const share = shares.get(summaryKey(summaryId, summary.occurrence)) ?? {
          usages: 0n,
          priced: 0n,
          allPriced: false,
        };
        const byPrice = share.allPriced && share.priced > 0n;
        const whole = byPrice ? share.priced : share.usages;
        summary.weighed += byPrice ? (usages ?? 0n) * (price ?? 0n) : (usages ?? 0n);
        const allocated = whole === 0n ? 0n : divide(summary.revenue * summary.weighed, whole);
        value = allocated - summary.allocated;
        summary.allocated = allocated;
        amount = show(value, 6);
      }
      pending = {
        row: rowOf(rec, summary, {
          isrc: firstValue(resource?.isrc ?? ''),
          upc: firstValue(albumField('icpn')),
          song: resource?.title ?? '',
          artist: joinValues(resource?.artist || albumField('artist')),
          album: albumField('title'),
          label_name: firstValue(albumField('label')),
          quantity: usages === null ? cell(rec, 'usages') : show(usages, 0),
          unit_price: cell(rec, 'price'),
          subtotal_payable: amount,
          subtotal_payable_currency: currency,
          pay_period: period,
          retailer: sender,
          delivered_by: sender,
        }),
        amount: value,
        text: amount,
        summary,
        replaced: false,
      };
    } else if (rec.family === 'LI') {
      // A licensor's share of the UGC line before it: the label's money is its AllocatedAmount.
      if (!pending) {
        lineProblem(`Licensing line ${rec.line} follows no sales line.`);
        continue;
      }
      pending.replaced = true;
      const ownId = cell(rec, 'summary_id');
      const summary = ownId ? summaryOf(rec, ownId) : pending.summary;
      const amount = cell(rec, 'allocated_amount') || cell(rec, 'allocated_revenue');
      const value = decimal(amount);
      if (value === null)
        lineProblem(
          `Licensing line ${rec.line} has ${amount ? `an allocated amount that is not a number: ${amount}` : 'no allocated amount'}.`,
        );
      const row: Row = {
        ...pending.row,
        quantity: cell(rec, 'allocated_usages') || pending.row.quantity,
        subtotal_payable: amount,
        subtotal_payable_currency: summary?.currency ?? pending.row.subtotal_payable_currency,
      };
      book(summary, row.subtotal_payable_currency, value, amount);
      detailLines++;
      await write(`${COLUMNS.map((c) => csvValue(row[c])).join(',')}\n`);
    } else if (rec.family === 'SR') {
      const summary = summaryOf(rec, cell(rec, 'summary_id'));
      const what = `Sales line ${rec.line}`;
      const usages = decimal(cell(rec, 'usages'));
      const net = decimal(cell(rec, 'net_usages')) ?? netUsages(rec);
      if (summary) summary.lineUsages += usages ?? 0n;
      identifiers(what, cell(rec, 'isrc'), cell(rec, 'icpn'));
      inPeriod(what, 'SalesTransactionDate', cell(rec, 'sales_date'));
      const get = (figure: Figure) => cell(rec, figure);
      const rate = summary?.rate ?? '';
      const bases = ['alloc_rev', 'deductions', 'alloc_net'] as const;
      for (const sentence of [
        ...netProblems(what, get, 'alloc_rev', 'alloc_net'),
        ...rateProblems(what, get, [...bases], rate),
      ])
        lineProblem(sentence);
      const amount = cell(rec, 'allocated_revenue') || cell(rec, 'revenue');
      const value = decimal(amount);
      if (value === null)
        lineProblem(`${what} has ${amount ? `a revenue that is not a number: ${amount}` : 'no revenue'}.`);
      pending = {
        row: rowOf(rec, summary, {
          isrc: firstValue(cell(rec, 'isrc')),
          upc: firstValue(cell(rec, 'icpn')),
          song: cell(rec, 'resource_title') || cell(rec, 'title'),
          artist: joinValues(cell(rec, 'resource_artist') || cell(rec, 'release_artist') || cell(rec, 'artist')),
          album: cell(rec, 'album'),
          label_name: firstValue(cell(rec, 'label')),
          quantity: net === null ? cell(rec, 'usages') : show(net, 0),
          unit_price: cell(rec, 'price'),
          subtotal_payable: amount,
          subtotal_payable_currency: (cell(rec, 'currency') || summary?.currency || '').toUpperCase(),
          pay_period: period,
          retailer: sender,
          delivered_by: sender,
        }),
        amount: value,
        text: amount,
        summary,
        replaced: false,
      };
    }
  }
  await flush();
  out.end();
  await once(out, 'finish');

  if (lineProblems > 20) problems.push(`${lineProblems - 20} more lines have problems like these.`);
  const footerLines = footer?.lines ? Number(footer.lines) : undefined;
  if (!footer) problems.push('The file has no footer (FOOT) record, so it may have been cut short.');
  else if (footer.type === 'FFOO' || filesRead < filesSaid)
    problems.push(`The header says the report has ${filesSaid} files; ${filesRead} were read.`);
  // The report's own counts, from the last footer (in one file the same as the file's).
  else if (
    (filesRead > 1 || footer.type === 'SRFO') &&
    footerLines !== undefined &&
    footerLines !== counts.records &&
    footerLines !== counts.records + counts.headerRows
  ) {
    problems.push(`The footer says the report has ${footer.lines} lines; it has ${counts.records}.`);
  }
  if (footer?.summaries && Number(footer.summaries) !== summaryRecords)
    problems.push(`The footer says ${footer.summaries} summary records; the file has ${summaryRecords}.`);
  if (filesRead > 1 && footer?.blocks && Number(footer.blocks) !== blocks)
    problems.push(`The footer says the report has ${footer.blocks} blocks; it has ${blocks}.`);
  // SummaryRecordId identifies a summary record within the report: lines naming a repeated one cannot be told
  // apart from each other's, so the report's control checks fail.
  const repeated = [...summaryLines].filter(([, lines]) => lines.length > 1);
  for (const [id, lines] of repeated.slice(0, 10)) {
    const where = lines.length > 10 ? `${lines.slice(0, 10).join(', ')}…` : lines.join(', ');
    problems.push(
      `Summary record ${id || '(no id)'} appears ${lines.length} times (lines ${where}): each summary record needs its own SummaryRecordId.`,
    );
  }
  if (repeated.length > 10) problems.push(`${repeated.length - 10} more summary record ids appear more than once.`);
  const perCurrency = new Map<string, number>();
  for (const summary of allSummaries) perCurrency.set(summary.currency, (perCurrency.get(summary.currency) ?? 0) + 1);
  if (summaryRecords) {
    for (const currency of new Set([...summaryTotals.keys(), ...detailTotals.keys()])) {
      // Lines without a currency name a summary record the file lacks: said above, line by line.
      if (!currency) continue;
      const said = summaryTotals.get(currency) ?? 0n;
      const found = detailTotals.get(currency) ?? 0n;
      if (said !== found)
        problems.push(
          `The summary says ${show(said, 2)} ${currency}; the sales lines add up to ${show(found, 2)} ${currency}.`,
        );
    }
  }
  for (const s of allSummaries) {
    const what = `Summary record ${s.id} (line ${s.line})`;
    const usages = decimal(s.usagesText);
    if (usages !== null && s.lineUsages !== 0n && usages !== s.lineUsages)
      problems.push(`${what} says ${s.usagesText} usages; its sales lines add up to ${show(s.lineUsages, 0)}.`);
    // Within rounding: each line's amount and the summary's may each be off by half their last place.
    const off = s.revenue - s.lineRevenue;
    const alone = perCurrency.get(s.currency) === 1 && summaryTotals.get(s.currency) !== detailTotals.get(s.currency);
    if (s.revenueText && !alone && (off < 0n ? -off : off) > s.lineSlack + slackOf(s.revenueText))
      problems.push(
        `${what} says ${s.revenueText} ${s.currency}; its sales lines add up to ${show(s.lineRevenue, 2)} ${s.currency}.`,
      );
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
