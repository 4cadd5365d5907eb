import Big from 'big.js';
import type {
  PayeeHome,
  PortalArtist,
  PortalBalance,
  PortalEarnings,
  PortalProfile,
  PortalRelease,
  PortalStatement,
} from '../../shared/schemas/artist-portal.js';
import { money } from '../../shared/schemas/money.js';
import { accountFinances, accountView, documentUrl, statementPayout } from '../money/index.js';
import { companyAccountTerms } from '../data/access/accounts.js';
import { artistsOf, companyName, releasesOfArtist } from '../data/access/artist-portal.js';
import type { StatementItem } from '../data/entities/statements.js';
import type { Caller } from '../lib/auth-context.js';
import { Conflict, NotFound } from '../lib/errors.js';
import type { DateRange } from '../money/index.js';
import {
  artistAccounts,
  artistScope,
  payeeAccount,
  scopeStatement,
  scopeStatements,
  type ScopedAccount,
  type ScopedArtist,
  type ScopedPayee,
} from './scope.js';

/**
 * What the artist portal shows of one artist, and a payee's link of one payee. Every function takes a
 * ScopedArtist or a ScopedPayee (scope.ts):
 * the figures are the label's own code's (finances/account-finances.ts, accounts/account-view.ts,
 * statements/api/statements.ts documentUrl), never a second computation of them.
 */

/** The artists an artist user may pick from. */
export async function portalArtists(caller: Caller): Promise<{ artists: PortalArtist[] }> {
  const { links } = await artistScope(caller);
  const artists = await artistsOf(links);
  const companies = new Map<string, string>();
  for (const id of new Set(artists.map((a) => a.tenantId))) companies.set(id, (await companyName(id)) ?? '');
  return {
    artists: artists
      .map((a) => ({ id: a.id, name: a.name, company_id: a.tenantId, company_name: companies.get(a.tenantId) ?? '' }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

export async function portalReleases(scope: ScopedArtist): Promise<{ releases: PortalRelease[] }> {
  const releases = await releasesOfArtist(scope.companyId, scope.artistId);
  return {
    releases: releases
      .map((r) => ({
        id: String(r.id),
        title: r.title ?? '',
        version: r.version ?? null,
        upc: r.upc ?? null,
        cat_no: r.cat_no ?? null,
        status: r.status ?? 'drafted',
        release_date: r.release_date ?? null,
        display_artists: r.display_artists ?? null,
      }))
      .sort((a, b) => (b.release_date ?? '').localeCompare(a.release_date ?? '') || a.title.localeCompare(b.title)),
  };
}

/**
 * The artist's earnings, exactly as artists/{id}/finances computes them for the label. The
 * royalties-list queries are left out: they open the label's own royalties, not the artist's.
 */
export async function portalEarnings(scope: ScopedArtist, range: DateRange): Promise<PortalEarnings> {
  const view = await accountFinances(scope.companyId, { type: 'Artist', id: scope.artistId }, range);
  return {
    artist_id: scope.artistId,
    currency: view.currency,
    start_date: view.start_date,
    end_date: view.end_date,
    by_period: view.by_period.map((p) => ({ ...p, royalties_query: '' })),
    by_store: view.by_store.map((s) => ({ ...s, royalties_query: '' })),
    totals: view.totals,
  };
}

/** Each account's balance as the label's accounting page shows it (accounts/account-view.ts), and their sum. */
export async function portalBalance(scope: ScopedArtist): Promise<PortalBalance> {
  const views = await Promise.all(
    artistAccounts(scope).map((account) =>
      accountView(scope.companyId, account).catch((error: unknown) => {
        // A member's payee that was deleted has no account any more: left out, not an error.
        if (error instanceof NotFound) return null;
        throw error;
      }),
    ),
  );
  const accounts = views.flatMap((v) =>
    v
      ? [
          {
            account: v.account,
            name: v.name,
            balance: v.balance,
            last_closing_balance: v.last_closing_balance,
            pending: v.pending,
          },
        ]
      : [],
  );
  const { currency } = await companyAccountTerms(scope.companyId);
  const total = accounts.reduce((sum, a) => sum.plus(a.balance), new Big(0));
  return { artist_id: scope.artistId, currency, accounts, total: money(total) };
}

const presentStatement = (s: StatementItem): PortalStatement => ({
  id: s.statementId,
  number: s.number,
  version: s.version,
  payee_name: s.payee_name,
  start_pay_period: s.start_pay_period,
  end_pay_period: s.end_pay_period,
  currency: s.currency,
  royalties: s.figures.royalties,
  closing_balance: s.figures.closing_balance,
  payable: s.figures.payable,
  paid_out: statementPayout(s).total,
  paid: s.paid,
  paid_on: s.paid ? (s.payment?.payment_date ?? null) : null,
  superseded: Boolean(s.superseded_by),
  has_pdf: Boolean(s.pdf_key),
  has_csv: Boolean(s.csv_key),
});

/** The published statements of the artist's accounts, or of the payee's own account. */
export async function portalStatements(scope: ScopedAccount): Promise<{ statements: PortalStatement[] }> {
  return { statements: (await scopeStatements(scope)).map(presentStatement) };
}

/**
 * A presigned download of one of the artist's (or the payee's) statements: its PDF, or the CSV of its lines (the statements area's own
 * links, the files the label downloads).
 */
export async function portalStatementFile(
  scope: ScopedAccount,
  statementId: string,
  kind: 'pdf' | 'csv',
): Promise<{ url: string }> {
  const statement = await scopeStatement(scope, statementId);
  if (!(kind === 'pdf' ? statement.pdf_key : statement.csv_key))
    throw new Conflict(`Statement ${statement.number} is still being made; try again later`);
  return documentUrl(scope.companyId, statement.statementId, kind);
}

/** The token page's profile: the artist's public face, no contact details. */
export async function portalProfile(scope: ScopedArtist): Promise<{ artist: PortalProfile }> {
  const { artist } = scope;
  return {
    artist: {
      id: artist.id,
      name: artist.name,
      company_name: (await companyName(scope.companyId)) ?? '',
      biog: artist.biog ?? null,
      config: artist.config ?? null,
      urls: (artist.urls ?? []).flatMap((u) => (u.link ? [{ link: u.link, text: u.link_text ?? null }] : [])),
    },
  };
}

/**
 * A payee link's page: the payee's name, the label's company, and the balance of the payee's account as the
 * label's accounting page shows it (accounts/account-view.ts). No contact or bank details.
 */
export async function payeeHome(scope: ScopedPayee): Promise<PayeeHome> {
  const [view, company] = await Promise.all([
    accountView(scope.companyId, payeeAccount(scope)),
    companyName(scope.companyId),
  ]);
  return {
    payee: { id: scope.payeeId, name: scope.payee.name, company_name: company ?? '' },
    balance: {
      currency: view.currency,
      balance: view.balance,
      last_closing_balance: view.last_closing_balance,
      pending: view.pending,
    },
  };
}
