/**
 * Where a DSR flat file's fields are (DSR Part 8 and the profiles' XSDs in
 * ../shared/standards/ddex-dsr/): by name from `#` header rows, else by position per record type.
 */
/** Header names (lower case) of each field; the first present wins. */
export const NAMES = {
  usage_start: ['usagestartdate'],
  usage_end: ['usageenddate'],
  file_number: ['filenumber'],
  files: ['numberoffiles'],
  lines_in_report: ['numberoflinesinreport'],
  blocks_in_report: ['numberofblocksinreport'],
  dsp_resource: ['dspresourceid'],
  album: ['releasetitle'],
  resource_title: ['resourcetitle'],
  resource_artist: ['resourcedisplayartistname'],
  release_artist: ['releasedisplayartistname'],
  sales_date: ['salestransactiondate'],
  validity_start: ['validityperiodstart'],
  validity_end: ['validityperiodend'],
  allocated_usages: ['allocatedusages'],
  allocated_amount: ['allocatedamount'],
  rate: ['exchangerate'],
  currency_tx: ['currencyoftransaction'],
  gross_tx: ['grossrevenueincurrencyoftransaction'],
  gross_acc: ['grossrevenueincurrencyofaccounting'],
  deductions_tx: ['deductionsincurrencyoftransaction'],
  deductions_acc: ['deductionsincurrencyofaccounting'],
  net_tx: ['netrevenueincurrencyoftransaction'],
  net_acc: ['netrevenueincurrencyofaccounting'],
  alloc_rev_tx: ['allocatedrevenueincurrencyoftransaction'],
  alloc_rev_acc: ['allocatedrevenueincurrencyofaccounting'],
  alloc_net_tx: ['allocatednetrevenueincurrencyoftransaction'],
  alloc_net_acc: ['allocatednetrevenueincurrencyofaccounting'],
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
  net_usages: ['netusage'],
  artist: ['releasedisplayartistname', 'resourcedisplayartistname', 'displayartistname'],
  title: ['releasetitle', 'resourcetitle', 'title'],
  label: ['releaselabelname', 'labelname'],
  usages: ['usages', 'numberofstreams', 'numberofusages', 'downloads', 'totalusages'],
  returns: ['returns'],
  price: ['priceconsumerpaidexcsalestax', 'priceenduserpaidexcsalestax'],
} satisfies Record<string, string[]>;
export type Field = keyof typeof NAMES;
export type Layout = Partial<Record<Field, number>>;

const SY01: Layout = { summary_id: 1, commercial_model: 4, use_type: 5, territory: 6, currency: 10, revenue: 11 };
const AS: Layout = { block: 1, resource_ref: 2, dsp_resource: 3, isrc: 4, title: 5, artist: 7 };
const HEAD: Layout = { file_number: 6, files: 7, usage_start: 8, usage_end: 9, sender_id: 10, sender_name: 11 };
const FOOT: Layout = {
  lines_in_file: 1,
  lines_in_report: 2,
  summary_records: 3,
  blocks_in_file: 4,
  blocks_in_report: 5,
};
export const POSITIONS: Record<string, Layout> = {
  HEAD,
  FOOT,
  // A report cut into several files (DSR Part 2): files after the first open with FHEA, files before the
  // last close with FFOO; read here as HEAD and FOOT are. The last file's FOOT carries the report's totals.
  FHEA: HEAD,
  FFOO: FOOT,
  // Single-record-block (SRB) reports close with SRFO: the whole report's lines and summary records.
  SRFO: { lines_in_report: 1, summary_records: 2 },
  SY01: { ...SY01, usages: 8, currency_tx: 13, rate: 14 },
  SY02: { ...SY01, usages: 8, allocated_revenue: 16, currency_tx: 19, rate: 20 },
  SY03: { ...SY01, allocated_revenue: 16 },
  // UGC (UgcProfile 1.2): TotalUsages 10, NetRevenue 12, CurrencyOfReporting 15.
  SY09: { summary_id: 1, commercial_model: 2, use_type: 3, territory: 4, usages: 10, revenue: 12, currency: 15 },
  // Financial reporting to record companies (SRB 1.0): what a distributor sends a label, with gross,
  // deductions and net in the currency of the transaction and of accounting (the one booked).
  SY10: {
    summary_id: 1,
    commercial_model: 4,
    use_type: 5,
    territory: 12,
    usages: 16,
    allocated_usages: 17,
    returns: 18,
    currency_tx: 20,
    currency: 21,
    rate: 22,
    gross_tx: 25,
    gross_acc: 26,
    deductions_tx: 30,
    deductions_acc: 31,
    net_tx: 32,
    net_acc: 33,
    alloc_rev_tx: 34,
    alloc_rev_acc: 35,
    alloc_net_tx: 36,
    alloc_net_acc: 37,
    allocated_revenue: 37,
  },
  SR08: {
    icpn: 3,
    album: 9,
    release_artist: 11,
    isrc: 13,
    resource_title: 20,
    resource_artist: 22,
    summary_id: 24,
    sales_date: 25,
    usages: 26,
    returns: 27,
    net_usages: 28,
    price: 36,
    deductions_tx: 38,
    deductions_acc: 39,
    alloc_rev_tx: 43,
    alloc_rev_acc: 44,
    alloc_net_tx: 45,
    alloc_net_acc: 46,
    allocated_revenue: 46,
  },
  // UGC: a sales line names its resource by DspResourceId; its licensors' shares follow as LI01 lines.
  SU03: { block: 1, summary_id: 3, dsp_resource: 4, usages: 5, revenue: 6, validity_start: 7, validity_end: 8 },
  LI01: { block: 1, summary_id: 2, allocated_revenue: 8, allocated_amount: 9, allocated_usages: 10 },
  RE01: { block: 1, release_ref: 2, icpn: 6, artist: 7, title: 9, label: 12 },
  AS01: AS,
  AS02: AS,
  AS05: AS,
  AS06: AS,
  SU01: { block: 1, summary_id: 2, release_ref: 4, resource_ref: 5, usages: 8, returns: 9, price: 10, use_type: 12 },
  SU02: { block: 1, summary_id: 2, release_ref: 4, resource_ref: 5, usages: 7, price: 8, use_type: 10 },
};
/** What is safe to read by position from a record type this reader does not know. */
export const FALLBACK: Record<string, Layout> = {
  SY: { summary_id: 1 },
  RE: { block: 1, release_ref: 2 },
  AS: { block: 1, resource_ref: 2 },
  SU: { block: 1 },
  SR: { summary_id: 1 },
  LI: { block: 1 },
};

export type Family = 'HEAD' | 'FOOT' | 'SY' | 'RE' | 'AS' | 'SU' | 'SR' | 'LI' | 'other';
/** FHEA opens a file as HEAD does; FFOO and SRFO close one as FOOT does. */
const FAMILY: Record<string, Family> = { FHEA: 'HEAD', FFOO: 'FOOT', SRFO: 'FOOT' };
export const familyOf = (type: string): Family => {
  const found = /^(HEAD|FOOT|FHEA|FFOO|SRFO|SY|RE|AS|SU|SR|LI)/.exec(type)?.[1];
  return found ? (FAMILY[found] ?? (found as Family)) : 'other';
};
/** 'SU02.03' → 'SU02': the record version changes trailing cells, not the ones read here. */
export const baseOf = (type: string) => type.split('.')[0];
