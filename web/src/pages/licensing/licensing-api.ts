import type {
  CreditedInvoice,
  LicenseDocumentMailed,
  LicenseAsset,
  LicenseContact,
  LicenseInvoice,
  LicenseMove,
  LicenseRefund,
  LicenseStatus,
  LicenseType,
} from '../../../../shared/schemas/licensing';

/** A licence as the API answers it (functions/licensing/present.ts). */
export type License = {
  id: string;
  type: LicenseType;
  status: LicenseStatus;
  label_id?: string;
  label: string | null;
  assets: LicenseAsset[];
  release: string | null;
  recording: string | null;
  licensee_name: string;
  licensee_address?: string;
  licensee_phone?: string;
  licensee_country?: string;
  licensee_vat_number: string | null;
  contacts: LicenseContact[];
  usage?: string;
  territory?: string;
  tags: string[];
  tag: string;
  term?: string;
  initial_contact_date?: string;
  proposal_date?: string;
  signed_date?: string;
  advance_fee?: string;
  advance_paid_date?: string;
  license_start_date?: string;
  license_end_date?: string;
  credit?: string;
  fee?: string;
  fee_currency?: string;
  contract_data?: string;
  invoice_due_days?: number;
  history: LicenseMove[];
  invoice: LicenseInvoice | null;
  /** Invoices cancelled by credit notes, oldest first. */
  credited_invoices: CreditedInvoice[];
  /** Each mailing of its invoices and credit notes, oldest first. */
  documents_mailed: LicenseDocumentMailed[];
  paid: boolean;
  payment_date?: string;
  pay_period?: string;
  due_date: string | null;
  expense_id?: string;
  advance_paid: boolean;
  /** An incoming licence's payments the licensor gave back, and the advances given back (either way), oldest first. */
  payment_refunds?: LicenseRefund[];
  advance_refunds?: LicenseRefund[];
  /** An incoming licence not yet paid: the contract its cost would be recouped under if paid today, else null. */
  cost_recoupment?: {
    contract_id: string;
    subject: { type: 'release' | 'artist' | 'label'; id: string };
    contractee: string | null;
    percent: string;
    payees: { payee_id: string; share: string }[];
  } | null;
  report_every_months?: number;
  report_received_on?: string;
  next_report_due: string | null;
  signed_copy_file_name: string | null;
  royalty_lines?: {
    id: string;
    pay_period: string;
    song: string | null;
    currency: string;
    subtotal_payable: string;
    amount: string;
    company_currency: string;
    sales_description: string;
  }[];
};

export type LicensingSummary = {
  pipeline: {
    status: LicenseStatus;
    count: number;
    totals: { type: 'outgoing' | 'incoming'; currency: string; amount: string }[];
  }[];
  due: (License & { overdue: boolean })[];
  ending_soon: License[];
  /** What is due: the reminders the schedule sends (inbox and mail), the oldest first. */
  reminders: {
    kind: 'ending' | 'invoice_overdue' | 'report_overdue';
    key: string;
    license_id: string;
    licensee_name: string;
    due_date: string;
    subject: string;
    text: string;
  }[];
};

/** The licensee and what the licence is for, as a list shows it. */
export const licenseTitle = (license: Pick<License, 'licensee_name' | 'usage'>) =>
  license.usage ? `${license.licensee_name}: ${license.usage}` : license.licensee_name;

/** Words for a licence's direction. */
/**
 * The other party of a licence as the pages name it: the licensee of an outgoing licence (who uses our master), the
 * licensor of an incoming one (whose master we use). The API keeps both in the `licensee_…` fields.
 */
export const PARTY_WORD: Record<LicenseType, 'Licensee' | 'Licensor'> = { outgoing: 'Licensee', incoming: 'Licensor' };

export const TYPE_WORDS: Record<LicenseType, string> = {
  outgoing: 'Outgoing (we license our masters)',
  incoming: 'Incoming (we license someone’s master)',
};
