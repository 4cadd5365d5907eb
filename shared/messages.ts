import pluralize from 'pluralize';
/**
 * The product's fixed messages, word for word from the specification (including its
 * spellings). Server and SPA both import them so a message never drifts between the two.
 */
export const MESSAGES = {
  mustBeLoggedIn: 'You must be logged in',
  mustBeAdmin: 'You must be an Admin to do that',
  noAccessHere: 'Your Account does not have access here',
  missingCompany: 'Missing Company / Namespace',
  fillOutEmail: 'You must fill out the email field',
  resetRequested: 'If your Email is found you should recieve an email shortly with instructions to reset your account.',
  dashboardLoadFailed: 'There was a problem loading your Dashboard, please try logging in again.',
  noLabelSelected: 'No Label Selected',
  /** Statements and expenses. */
  chooseStatementPeriods: 'Please Choose Statement Periods',
  cannotDeletePaidExpense: 'You cannot delete a paid expense',
  statementUpdated: 'Statement Updated',
  statementMarkedAsPaid: 'Statement Marked as Paid',
  royaltyUpdated: 'Royalty Updated',
  royaltyAdded: 'Royalty Added',
  noResultsFor: (text: string) => `No results for ${text}`,
  userLoggedIn: 'User Logged In',
  userLoggedOut: 'User Logged Out',
  confirmBySettingPassword: 'Please confirm your account by setting up a password',
  profileUpdated: 'Your Profile has been updated.',
  labelUpdated: 'Label Updated',
  labelAdded: 'Label Added',
  companyUpdated: 'Company Updated',
  subscriptionUpdated: 'Subscription Updated',
  subscriptionAdded: 'Subscription Added',
  newUserAddedToCompany: 'New User Added to Company',
  nothingToExport: 'Nothing selected to export',
  noticeUpdated: 'Notice Updated',
  noticeDeleted: 'Notice Deleted',
  noticeMarkedRead: 'Notice marked as read',
  /** The POST answer's message names the recipients. */
  noticesAddedFor: (recipients: string | undefined) => `Notice(s) Added for ${recipients ?? ''}`.trim(),
  statementAdded: 'Statement Added',
  distributionStatementUpdated: 'DistributionStatement Updated',
  distributionStatementAdded: 'DistributionStatement Added',
  noArtistSelected: 'No Artist Selected',
  publishedStatementNotDeleted:
    'A published statement cannot be deleted: correct it with a new version or an adjustment',
  /** An expense or account entry a published statement carries is frozen. */
  onStatement: (what: string, number: string) => `${what} is on statement ${number} and cannot be changed`,
  /** A statement mail's default subject; %PERIOD% becomes the accounting period when it is sent (fillPeriod). */
  statementSubject: (payeeName: string) => `Royalty Statement for ${payeeName} %PERIOD%`,
  // ——— Payouts: payout details, the company's bank account and payment runs ———
  payoutDetailsUpdated: 'Payout Details Updated',
  payoutDetailsRemoved: 'Payout Details Removed',
  bankAccountUpdated: 'Bank Account Updated',
  paymentRunAdded: 'Payment Run Added',
  paymentRunExported: 'Payment Run Exported',
  paymentRunConfirmed: 'Payment Run Confirmed',
  paymentRunCancelled: 'Payment Run Cancelled',
  // ——— Payments ———
  paymentAdded: 'Payment Added',
  paymentUpdated: 'Payment Updated',
  paymentDeleted: 'Payment Deleted',
  chooseStatementsToPay: 'Choose the statements this payment pays',
  paymentOneAccount: 'A payment pays the statements of one account: choose statements of one payee',
  paymentOneCurrency: 'A payment is in one currency: choose statements of one currency',
  statementPaidAlready: (number: string) => `Statement ${number} is paid already`,
  statementSuperseded: (number: string) => `Statement ${number} was corrected by a newer version: pay that one`,
  paymentTotalMismatch: (total: string) =>
    `Payment total must equal what the statements pay: ${total} (delete the payment and record it again to change it)`,
  paymentCurrencyMismatch: (currency: string) => `Payment currency must be the statements' currency, ${currency}`,
  tooManyStatementsInPayment: (max: number) => `A payment pays at most ${max} statements`,
  paymentCarried: (number: string) =>
    `The payment is on statement ${number} already and cannot be changed or deleted; record an adjustment instead`,
  paymentMoneyFixed: 'The amount and statements of a payment are fixed: delete the payment and record it again',
  statementCarriedForward: (number: string, later: string) =>
    `Statement ${number}'s balance is carried into statement ${later} (its opening balance): pay ${later}, which includes it`,
  statementOwesLessNow: (number: string, madeAfter: readonly string[], less: string) =>
    `Statement ${number} was made before ${madeAfter.length ? `statement ${madeAfter.join(', ')}` : 'a statement'} of earlier months, which lowers what is owed by ${less}: the next statement settles the difference`,
  statementCarriedIntoUnfinished: (number: string, later: string) =>
    `Statement ${number}'s balance is carried into statement ${later}, which is still being made: pay ${later} when it is ready, which includes it`,
  paymentRunPaying:
    'This payment run has started recording its payments, so it cannot be cancelled: confirm it again to finish it',
  paymentRunNotConfirming: 'This payment run is not being confirmed: it pays nothing',
  exchangeRateForSent: 'Exchange rate is required when the money was sent in another currency',
  sentCurrencyForRate: 'Sent currency is required with an exchange rate: the currency the money was sent in',
  sentCurrencySame: (currency: string) =>
    `Sent currency is the statements' own (${currency}): leave it and the exchange rate empty`,
  exchangeRateNeeded: 'Give the exchange rate for each currency the run pays in another currency',
  exchangeRateMissing: (pair: string, names: readonly string[]) => {
    const [from, to] = pair.split('→');
    const who = names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');
    return `Give the rate from ${from} to ${to}: ${who} ${names.length === 1 ? 'is' : 'are'} paid in ${to}`;
  },
  statementIncludesLatePayment: (number: string, earlier: string) =>
    `Statement ${number} was made before statement ${earlier} was paid and still counts that money: ` +
    'the next statement settles the difference',
  statementCorrectsPaid: (number: string, paid: string) =>
    `Statement ${number} corrects statement ${paid}, which was paid already: the next statement settles the difference`,
  statementPaidByPayment: (number: string, paymentStatements: number) =>
    `Statement ${number} was paid with ${paymentStatements - 1} other statement(s): delete that payment instead`,
  // ——— pay-fixes ———
  statementSettledBy: (number: string, carrier: string) =>
    `Statement ${number} was settled by the payment of statement ${carrier}, which carries its balance: ` +
    'delete that payment instead',
} as const;

/** A statement subject with its %PERIOD% placeholder filled in: "… %PERIOD%" → "… 2026-Q3" (subjectPeriod). */
export function fillPeriod(subject: string, period: string): string {
  return subject.replaceAll('%PERIOD%', period);
}

/** Shared validation messages. */
export const VALIDATION = {
  required: (field: string) => `${field} is required`,
  email: 'This field must be a valid email',
  confirmed: 'This field confirmation does not match',
  length: 'This field must have 2 options',
  maxValue: (field: string, max: number | string) => `${field} must be under ${max}`,
  upc: 'UPC invalid',
  notInstrumental: (field: string) => `${field} must not be Instrumental`,
  maxTotal: (field: string) => `${field} has an error`,
} as const;

/** Words of a field's name people know in capitals ("isrc" → "ISRC"), wherever they stand in it. */
const ACRONYMS = new Set(
  'api bic csv cwr ddex dsp dsr ean ep ern grid iban id ipi isni iso isrc iswc pdf sftp tv uk upc url vat'.split(' '),
);

/** Words with a written form of their own, kept wherever they stand (a brand's capitals, a hyphen). */
const WRITTEN: Record<string, string> = {
  youtube: 'YouTube',
  todo: 'to-do',
  tiktok: 'TikTok',
  soundcloud: 'SoundCloud',
};

/**
 * Pairs of words the trade writes as one: music for "film/TV"; a release that is an "album or EP"; a "pre-order", as
 * the release forms write it.
 */
const PAIRS: [RegExp, string][] = [
  [/\b(film) (TV)\b/gi, '$1/$2'],
  [/\b(album) (EP)\b/gi, '$1 or $2'],
  [/\b(pre) (order)/gi, '$1-$2'],
];

// An acronym's plural is its letters and a small s ("DSPs"); a word already plural stays ("societies_ids").
const plural = (word: string) => (ACRONYMS.has(word.toLowerCase()) ? `${word}s` : pluralize.plural(word));

/**
 * How the product shows a field name in messages: "deal_percentage" → "Deal percentage", "isrc" → "ISRC",
 * "vat_number" → "VAT number". A field holding a record's id is named by the record ("label_id" → "Label",
 * "dsp_ids" → "DSPs"); `keepId` keeps the id where the name is a key as sent rather than a choice of record
 * (an unknown field). `inSentence` writes it for the middle of a sentence ("ISRC, title"), capitals only where
 * they belong.
 */
export function humanizeField(field: string, { keepId = false, inSentence = false } = {}): string {
  const words = field.split(/[_\s]+/).filter(Boolean);
  const last = words.at(-1)?.toLowerCase();
  if (!keepId && words.length > 1 && (last === 'id' || last === 'ids')) {
    words.pop();
    if (last === 'ids') words.push(plural(words.pop() ?? ''));
  }
  const written = words.map((word) => {
    const lower = word.toLowerCase();
    if (ACRONYMS.has(lower)) return lower.toUpperCase();
    if (WRITTEN[lower]) return WRITTEN[lower];
    // "dsps", "ids": an acronym's plural keeps its small s.
    if (lower.endsWith('s') && ACRONYMS.has(lower.slice(0, -1))) return `${lower.slice(0, -1).toUpperCase()}s`;
    return inSentence ? lower : word;
  });
  const text = PAIRS.reduce((words, [pair, as]) => words.replace(pair, as), written.join(' '));
  return inSentence ? text : text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A stored value in words, where no dictionary has chosen words for it: "past_due" → "Past due",
 * "dsp_rejected" → "DSP rejected", "Dsp" → "DSP". The same acronyms as a field name, so a value never reads
 * "Dsp" or "Isrc"; unlike a field name, an "id" in a value is part of it and stays ("ID").
 */
export function valueWords(value: string, { inSentence = false } = {}): string {
  return humanizeField(value, { keepId: true, inSentence });
}
