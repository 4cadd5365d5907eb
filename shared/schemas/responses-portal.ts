import { z } from 'zod';
import { earningsOverRange, money } from './responses.js';

/**
 * The artist portal's answers (declared in the OpenAPI document and checked against real answers by the
 * response-schema tests): what an artist user (and a token link's page) reads of one artist, and how the label
 * manages who may read it. Money is an exact decimal string throughout, from the label's own figures.
 */

const accountRef = z.looseObject({ type: z.enum(['Payee', 'Artist', 'Label']), id: z.string() });

/** The artists an artist user may pick from, each with its label's company. */
export const portalArtistsResponse = z.looseObject({
  artists: z.array(
    z.looseObject({ id: z.string(), name: z.string(), company_id: z.string(), company_name: z.string() }),
  ),
});

/** The artist's releases, newest first. */
export const portalReleasesResponse = z.looseObject({
  releases: z.array(
    z.looseObject({
      id: z.string(),
      title: z.string(),
      version: z.string().nullable(),
      upc: z.string().nullable(),
      cat_no: z.string().nullable(),
      status: z.string(),
      release_date: z.string().nullable(),
      display_artists: z.string().nullable(),
    }),
  ),
});

/** The artist's earnings over a date range, by pay period and by store, as its statements pay them. */
export const portalEarningsResponse = z
  .looseObject({
    artist_id: z.string(),
    ...earningsOverRange,
  })
  .meta({ id: 'PortalEarnings' });

/** The balance of each account the artist's money goes to, and their sum. */
export const portalBalanceResponse = z.looseObject({
  artist_id: z.string(),
  currency: z.string(),
  accounts: z.array(
    z.looseObject({
      account: accountRef,
      name: z.string(),
      balance: money,
      last_closing_balance: money,
      pending: money,
    }),
  ),
  total: money,
});

/** The artist's statements: what each paid, whether it was paid, whether a newer version replaced it. */
export const portalStatementsResponse = z.looseObject({
  statements: z.array(
    z
      .looseObject({
        id: z.string(),
        number: z.string(),
        version: z.number().int().min(1),
        payee_name: z.string(),
        start_pay_period: z.string(),
        end_pay_period: z.string(),
        currency: z.string(),
        royalties: money,
        closing_balance: money,
        payable: money,
        paid_out: money,
        paid: z.boolean(),
        /** The day it was paid (YYYY-MM-DD); null while unpaid, or paid with no day recorded. */
        paid_on: z.string().nullable(),
        superseded: z.boolean(),
        has_pdf: z.boolean(),
        has_csv: z.boolean(),
      })
      .meta({ id: 'PortalStatement' }),
  ),
});

/** A statement's PDF or CSV of lines: a short-lived download link. */
export const portalPdfResponse = z.looseObject({ url: z.string().min(1) });

/** A token link's page: the artist's public profile, no contact details. */
export const portalProfileResponse = z.looseObject({
  artist: z.looseObject({
    id: z.string(),
    name: z.string(),
    company_name: z.string(),
    biog: z.string().nullable(),
    config: z.string().nullable(),
    urls: z.array(z.looseObject({ link: z.string(), text: z.string().nullable() })),
  }),
});

/** A payee link's page: the payee's name, the label's company and the payee account's balance. */
export const payeeHomeResponse = z.looseObject({
  payee: z.looseObject({ id: z.string(), name: z.string(), company_name: z.string() }),
  balance: z.looseObject({
    currency: z.string(),
    balance: money,
    last_closing_balance: money,
    pending: money,
  }),
});

const portalInvitation = z.looseObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  status: z.literal('invited'),
  invited_at: z.string(),
  expires_at: z.string(),
});
/** An artist's portal users and its pending invitations, as the label's artist page lists them. */
export const portalUsersResponse = z.looseObject({
  users: z.array(
    z.looseObject({
      user_id: z.string(),
      email: z.string(),
      name: z.string(),
      confirmed: z.boolean(),
      linked_at: z.string(),
    }),
  ),
  invitations: z.array(portalInvitation),
});
/** An invitation sent, and the notice. */
export const portalInvitedResponse = z.looseObject({ invitation: portalInvitation, message: z.string() });

const portalLink = z.looseObject({
  id: z.string(),
  hint: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  created_at: z.string(),
});
/** An artist's or a payee's token links (the token itself is shown once, when made). */
export const portalLinksResponse = z.looseObject({ links: z.array(portalLink) });
/** A token link made: its address with the token, shown this once. */
export const portalLinkMadeResponse = z.looseObject({
  link: portalLink,
  url: z.string(),
  token: z.string(),
  message: z.string(),
});
/** An invitation as its invitee sees it from the mailed link. */
export const portalInvitationViewResponse = z.looseObject({
  invitation: z.looseObject({
    artist_name: z.string(),
    company_name: z.string(),
    email: z.string(),
    expires_at: z.string(),
  }),
});
/** An invitation accepted (and, for a new user, the account set up): the artist now in the portal. */
export const portalAcceptedResponse = z.looseObject({ artist_id: z.string(), message: z.string() });
