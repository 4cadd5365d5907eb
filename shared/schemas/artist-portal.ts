import type { AccountFinances } from './finance-views.js';
import type { AccountRef, Money } from './statement-views.js';

/**
 * What the artist portal answers (docs/artist-portal.md): the artist user's dashboard
 * (`artist_portal/…`) and the token link's page (`artist_home/…`). Money is decimal strings.
 */

/** An artist the caller may see, for the picker. */
export type PortalArtist = {
  id: string;
  name: string;
  company_id: string;
  company_name: string;
};

export type PortalRelease = {
  id: string;
  title: string;
  version: string | null;
  upc: string | null;
  cat_no: string | null;
  status: string;
  release_date: string | null;
  display_artists: string | null;
};

/** Earnings as the statements pay them, by pay period and by store (no drill-down into the label's royalties). */
export type PortalEarnings = { artist_id: string } & Pick<
  AccountFinances,
  'currency' | 'start_date' | 'end_date' | 'by_period' | 'by_store' | 'totals'
>;

/** The balance of each account the artist's money goes to (its own, its members' payees) and their sum. */
export type PortalBalance = {
  artist_id: string;
  currency: string;
  accounts: { account: AccountRef; name: string; balance: Money; last_closing_balance: Money; pending: Money }[];
  total: Money;
};

export type PortalStatement = {
  id: string;
  number: string;
  version: number;
  payee_name: string;
  start_pay_period: string;
  end_pay_period: string;
  currency: string;
  royalties: Money;
  closing_balance: Money;
  payable: Money;
  /** What is paid out for it: payable + self-billing VAT − tax withheld (the statement's payout). */
  paid_out: Money;
  paid: boolean;
  /** The day it was paid (YYYY-MM-DD) as its payment records it; null while unpaid, or paid with no day recorded. */
  paid_on: string | null;
  superseded: boolean;
  /** False while the PDF is still being made. */
  has_pdf: boolean;
  /** False while the CSV of its lines is still being stored. */
  has_csv: boolean;
};

/** The token link's page: the artist's profile. */
export type PortalProfile = {
  id: string;
  name: string;
  company_name: string;
  biog: string | null;
  config: string | null;
  urls: { link: string; text: string | null }[];
};

/** A payee link's page: the payee, the label's company, and the payee account's balance. */
export type PayeeHome = {
  payee: { id: string; name: string; company_name: string };
  /** As the label's accounting page shows it: the last statement's closing balance and what has come in since. */
  balance: { currency: string; balance: Money; last_closing_balance: Money; pending: Money };
};

/** An artist user linked to an artist, as the label's artist page lists them. */
export type PortalUser = { user_id: string; email: string; name: string; confirmed: boolean; linked_at: string };
/** A pending invitation to an artist's portal: the address the label typed, until the invitee accepts. */
/** A pending invitation: the address and the name the label typed (the invitee may choose another on accepting). */
export type PortalInvitation = {
  id: string;
  email: string;
  name: string;
  status: 'invited';
  invited_at: string;
  expires_at: string;
};
/** An invitation as its invitee sees it from the mailed link. */
export type PortalInvitationView = { artist_name: string; company_name: string; email: string; expires_at: string };
/** A token link, as the label's artist or payee page lists them (the token itself is shown once, when made). */
export type PortalLink = {
  id: string;
  hint: string;
  expires_at: string;
  revoked_at: string | null;
  created_at: string;
};
