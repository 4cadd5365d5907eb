/**
 * The money module: the one door other areas of functions/ use to reach it (a lint rule refuses deeper imports
 * from outside; tests may reach in). The lifecycle and the map of the module: docs/money.md.
 */
export { accountKeyOf } from './accounts/account.js';
export { accountView } from './accounts/account-view.js';
export { coverJoin, formatJoin, rowsOf, weightSetJoin } from './earnings/allocation.js';
export { artistIdsOf, contractCovering, contractIndex } from './earnings/contract-cover.js';
export type { EngineContract } from './earnings/contract-cover.js';
export { currentTerms, splitTotals, termsLists, writeSplitBy } from './earnings/line-split.js';
export type { SplitUnits, Terms } from './earnings/line-split.js';
export { withAllocation } from './earnings/session.js';
export { exactFromUnits, unitsFromExact, unitsOf } from '../royalties/ledger/units.js';
export { accountFinances } from './finances/account-finances.js';
export { companySummaries, inForce } from './finances/company-summary.js';
export { moneyRecords } from './finances/money-records.js';
export { dateRange, financeQuery } from './finances/range.js';
export type { DateRange } from './finances/range.js';
export { paymentRunJobs } from './payouts/resume.js';
export { documentUrl } from './statements/api/statements.js';
export { fontRuns, pdfmakeWithFonts } from './statements/documents/fonts.js';
export { notYetStated } from './statements/accounts/not-yet-stated.js';
export { statementPayout } from './statements/accounts/payout.js';
export { statementRunJobs } from './statements/runs/resume.js';
export { statementsBucket } from './statements/statement-keys.js';
