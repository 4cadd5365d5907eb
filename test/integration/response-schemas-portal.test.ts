import { beforeAll, describe, expect, it } from 'vitest';
import { call, latestMail } from '../support/api.js';
import { artistPortalFixture, type PortalSide } from '../support/artist-portal-fixture.js';
import { answerChecker, type ApiDocument, servedDocument } from '../support/declared-answers.js';
import { ownLabelManager } from '../support/own-company.js';
import { until } from '../support/wait.js';

/**
 * The artist portal against the answers the OpenAPI document declares: what an artist user and a token link's page
 * read of one artist (its releases, earnings, balance, statements and their PDFs, its profile), and how the label
 * invites, lists and removes its artist users and token links. Every call is on records this file makes.
 */
let document: ApiDocument;
let world: Awaited<ReturnType<typeof artistPortalFixture>>;
let X: PortalSide;
let label: ReturnType<typeof answerChecker>;

beforeAll(async () => {
  document = await servedDocument();
  const own = await ownLabelManager('Portal answers');
  world = await artistPortalFixture(own);
  X = world.X;
  label = answerChecker(document, world.managerToken, world.tenantId);
}, 400_000);

/** The invitation token of the last mail to `email`. */
async function invitationTokenOf(email: string): Promise<string> {
  const mail = await until(() => latestMail(email), 20_000);
  const token = /artist_invitations\/([\w.-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no invitation link in the mail to ${email}`);
  return token;
}

describe('the artist portal answers what the document declares', () => {
  it('an artist user’s artists, releases, earnings, balance, statements and a statement’s PDF', async () => {
    const artist = answerChecker(document, X.userToken);
    const params = { artistId: X.artistId };
    await artist('GET', '/artist_portal', { rows: 'artists' });
    await artist('GET', '/artist_portal/{artistId}/releases', { params, rows: 'releases' });
    const year = world.period.slice(0, 4);
    const earnings = await artist('GET', '/artist_portal/{artistId}/earnings', {
      params,
      query: `start_date=${year}-01-01&end_date=${year}-12-31`,
    });
    expect(earnings.body.by_period.length, 'a period of its own').toBeGreaterThan(0);
    await artist('GET', '/artist_portal/{artistId}/balance', { params, rows: 'accounts' });
    // The PDF is made after publishing: its link waits for it.
    await expect
      .poll(async () => {
        const seen = await call('GET', `/api/v1/artist_portal/${X.artistId}/statements`, { token: X.userToken });
        return seen.body.statements.every((s: { has_pdf: boolean }) => s.has_pdf);
      })
      .toBe(true);
    await artist('GET', '/artist_portal/{artistId}/statements', { params, rows: 'statements' });
    await artist('GET', '/artist_portal/{artistId}/statements/{statementId}/pdf', {
      params: { ...params, statementId: X.statementId },
    });
    await artist('GET', '/artist_portal/{artistId}/statements/{statementId}/csv', {
      params: { ...params, statementId: X.statementId },
    });
  });

  it('a token link’s page: the profile, the statements and a statement’s PDF and CSV', async () => {
    const visitor = answerChecker(document, '');
    const params = { artistId: X.artistId };
    const query = `token=${encodeURIComponent(X.token)}`;
    await visitor('GET', '/artist_home/{artistId}', { params, query });
    await visitor('GET', '/artist_home/{artistId}/statements', { params, query, rows: 'statements' });
    await expect
      .poll(async () => (await call('GET', `/api/v1/artist_home/${X.artistId}/statements?${query}`)).body.statements)
      .toSatisfy((rows: { has_pdf: boolean }[]) => rows.every((s) => s.has_pdf));
    await visitor('GET', '/artist_home/{artistId}/statements/{statementId}/pdf', {
      params: { ...params, statementId: X.statementId },
      query,
    });
    await visitor('GET', '/artist_home/{artistId}/statements/{statementId}/csv', {
      params: { ...params, statementId: X.statementId },
      query,
    });
  });

  it('the label’s artist users: invited, the invitation read, an account set up, accepted, withdrawn, removed', async () => {
    const params = { id: X.artistId };
    const email = `portal.answers.${world.stamp}@example.test`;
    await label('POST', '/artists/{id}/portal_users', { params, body: { email, name: 'Portal Answers' }, status: 201 });
    const token = await invitationTokenOf(email);
    const visitor = answerChecker(document, '');
    await visitor('GET', '/artist_invitations/{token}', { params: { token } });
    await visitor('POST', '/artist_invitations/{token}/setup_account', {
      params: { token },
      body: { password: 'Artist-pass-2', password_confirmation: 'Artist-pass-2' },
    });
    const users = await label('GET', '/artists/{id}/portal_users', { params, rows: 'users' });
    const added = users.body.users.find((u: { email: string }) => u.email === email);
    // The fixture's other artist user accepts an invitation to this artist too, signed in.
    await label('POST', '/artists/{id}/portal_users', {
      params,
      body: { email: world.Y.email, name: 'Artist Y' },
      status: 201,
    });
    const accepting = answerChecker(document, world.Y.userToken);
    await accepting('POST', '/artist_invitations/{token}/accept', {
      params: { token: await invitationTokenOf(world.Y.email) },
    });
    const withdrawn = await label('POST', '/artists/{id}/portal_users', {
      params,
      body: { email: `withdrawn.${world.stamp}@example.test`, name: 'Withdrawn' },
      status: 201,
    });
    await label('DELETE', '/artists/{id}/portal_invitations/{invitationId}', {
      params: { ...params, invitationId: withdrawn.body.invitation.id },
    });
    await label('DELETE', '/artists/{id}/portal_users/{userId}', { params: { ...params, userId: added.user_id } });
  });

  it('the label’s view of the artist’s lines in a period, each with the artist’s share', async () => {
    await label('POST', '/statements/artist_pay_period_royalty_records', {
      body: { artist_id: X.artistId, start_pay_period: world.period, end_pay_period: world.period },
      rows: 'royalties',
    });
  });

  it('the label’s token links: made, listed, revoked', async () => {
    const params = { id: X.artistId };
    const made = await label('POST', '/artists/{id}/portal_link', { params, status: 201 });
    await label('GET', '/artists/{id}/portal_links', { params, rows: 'links' });
    await label('DELETE', '/artists/{id}/portal_links/{linkId}', { params: { ...params, linkId: made.body.link.id } });
  });
});
