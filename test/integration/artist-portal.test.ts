import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type Route } from '../../functions/routes.js';
import { call, inCompany, latestMail, newConfirmedUser } from '../support/api.js';
import { artistPortalFixture, type PortalApi, type PortalSide } from '../support/artist-portal-fixture.js';
import { ownCompany, ownLabelManager } from '../support/own-company.js';
import { until } from '../support/wait.js';

/**
 * The artist portal (docs/artist-portal.md): two artists of the same label, each
 * with a member payee, a release, royalty lines and a published statement. Generic over the route
 * table: every artist_user route and every token route of the artist-portal area is called as
 * artist X's user and with X's token — X's own ids answer and never carry Y's data, Y's ids are
 * 404. Plus expired and revoked tokens, other roles, other companies and money rights.
 */
type Side = PortalSide;
const NO_ACCESS = 'Your Account does not have access here';

let api: PortalApi;
let other: PortalApi;
let tenantId: string;
let managerToken: string;
let managerEmail: string;
let stamp: number;
let period: string;
let X: Side;
let Y: Side;
let makeLink: Awaited<ReturnType<typeof artistPortalFixture>>['makeLink'];
let artistUser: Awaited<ReturnType<typeof artistPortalFixture>>['artistUser'];

// The invitation's mailed link is public too, but it names an invitation, not an artist: tested on its own below,
// as payees' links are (payee-portal.test.ts).
const portalRoutes = (auth: Route['auth']) =>
  ROUTES.filter(
    (r) =>
      r.area === 'artist-portal' &&
      r.auth === auth &&
      !r.path.includes('/artist_invitations/') &&
      !r.path.includes('/payee_home/'),
  );
const pathOf = (route: Route, ids: Record<string, string>) =>
  route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(ids[name] ?? `missing-${name}`));

beforeAll(async () => {
  const own = await ownLabelManager('Artist Portal');
  ({ api, other, tenantId, managerToken, managerEmail, stamp, period, X, Y, makeLink, artistUser } =
    await artistPortalFixture(own));
}, 400_000);

/** The ids of one side, by the route table's path parameter names. */
const idsOf = (s: Side) => ({ artistId: s.artistId, statementId: s.statementId });
/** Anything that would show the other artist's data in an answer. */
const marksOf = (s: Side) => [s.artistId, s.name, s.payeeId, s.releaseId, s.statementId, s.store];

describe('artist portal routes, generically over the route table', () => {
  const viewers = () => [
    {
      label: 'artist user',
      auth: 'artist_user' as const,
      send: (s: Side, path: string) => call('GET', path, { token: s.userToken }),
    },
    {
      label: 'token link',
      auth: 'public' as const,
      send: (s: Side, path: string) => call('GET', `${path}?token=${encodeURIComponent(s.token)}`),
    },
  ];

  it('covers every artist_user route and every token route', () => {
    expect(portalRoutes('artist_user').length).toBeGreaterThanOrEqual(6);
    expect(portalRoutes('public').length).toBeGreaterThanOrEqual(3);
    // Every artist_user route of the whole table is the portal's: nothing else may serve artist users.
    expect(ROUTES.filter((r) => r.auth === 'artist_user').every((r) => r.area === 'artist-portal')).toBe(true);
  });

  it("answers each artist's own ids and never carries the other artist's data", async () => {
    for (const viewer of viewers()) {
      for (const [me, them] of [
        [X, Y],
        [Y, X],
      ]) {
        for (const route of portalRoutes(viewer.auth)) {
          const answer = await viewer.send(me, pathOf(route, idsOf(me)));
          expect(answer.status, `${viewer.label} ${route.path}`).toBe(200);
          const text = JSON.stringify(answer.body);
          for (const mark of marksOf(them))
            expect(text, `${viewer.label} ${route.path} shows ${mark}`).not.toContain(mark);
        }
      }
    }
  }, 120_000);

  it("answers 404 for the other artist's ids, alone or mixed with its own", async () => {
    for (const viewer of viewers()) {
      for (const [me, them] of [
        [X, Y],
        [Y, X],
      ]) {
        for (const route of portalRoutes(viewer.auth).filter((r) => r.path.includes('{'))) {
          for (const ids of [idsOf(them), { ...idsOf(me), statementId: them.statementId }]) {
            const path = pathOf(route, ids);
            if (path === pathOf(route, idsOf(me))) continue; // the route takes no statement id
            const answer = await viewer.send(me, path);
            expect(answer.status, `${viewer.label} ${path}`).toBe(404);
          }
        }
      }
    }
  }, 120_000);

  it('shows the artist its releases, earnings, balance and statements as the label computes them', async () => {
    const get = (path: string) => call('GET', `/api/v1/artist_portal${path}`, { token: X.userToken });
    const artists = (await get('')).body.artists;
    expect(artists).toEqual([expect.objectContaining({ id: X.artistId, name: X.name, company_id: tenantId })]);
    expect((await get(`/${X.artistId}/releases`)).body.releases.map((r: { id: string }) => r.id)).toEqual([
      X.releaseId,
    ]);
    const earnings = (await get(`/${X.artistId}/earnings?start_date=${period}-01&end_date=${period}-28`)).body;
    expect(earnings.by_period.map((p: { artist_share: string }) => p.artist_share)).toEqual([X.royalties]);
    expect(earnings.by_store.map((s: { key: string }) => s.key)).toEqual([X.store]);
    expect(earnings.totals).toMatchObject({ revenue: '12.50', lines: 2, artist_share: X.royalties });
    // The same figures the label's artist finances page shows, drill-down queries aside.
    const label = (await api.get(`/artists/${X.artistId}/finances?start_date=${period}-01&end_date=${period}-28`)).body
      .finances;
    expect(earnings.totals).toEqual(label.totals);
    expect(typeof earnings.totals.artist_share).toBe('string');
    const balance = (await get(`/${X.artistId}/balance`)).body;
    expect(balance.total).toBe(X.closing);
    expect(balance.accounts.map((a: { account: { id: string } }) => a.account.id)).toContain(X.payeeId);
    const statements = (await get(`/${X.artistId}/statements`)).body.statements;
    expect(statements.map((s: { id: string }) => s.id)).toEqual([X.statementId]);
    // What it paid out is the label's own figure for the statement, not worked out again.
    const labelStatement = (await api.get(`/statements/${X.statementId}`)).body.statement;
    expect(statements[0].paid_out).toBe(labelStatement.payout.total);
    const pdf = await until(async () => {
      const answer = await get(`/${X.artistId}/statements/${X.statementId}/pdf`);
      return answer.status === 200 ? answer : undefined;
    }, 60_000);
    const file = await fetch(pdf.body.url);
    expect(file.status).toBe(200);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe('%PDF');
    // The lines behind it, as the label downloads them: the statement's CSV, its lines' shares adding up to the royalties.
    expect(statements[0].has_csv).toBe(true);
    const csv = await (await fetch((await get(`/${X.artistId}/statements/${X.statementId}/csv`)).body.url)).text();
    const labelsCsv = await (await fetch((await api.get(`/statements/${X.statementId}/csv`)).body.url)).text();
    expect(csv).toBe(labelsCsv);
    expect(csv.split('\n')[0]).toMatch(/^id,pay_period,retailer,/);
    // Paid, it says on which day (last here: the figures above are read unpaid).
    expect(statements[0]).toMatchObject({ paid: false, paid_on: null });
    const paid = await api.post('/statements/pay_statement', {
      id: X.statementId,
      payment_date: '2026-04-10',
      payment_method: 'BACS',
      payment_reference: 'Portal',
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const after = (await get(`/${X.artistId}/statements`)).body.statements;
    expect(after[0]).toMatchObject({ paid: true, paid_on: '2026-04-10' });
  }, 120_000);

  it('shows the token link the profile and statements, never contact details', async () => {
    const profile = await call('GET', `/api/v1/artist_home/${X.artistId}?token=${X.token}`);
    expect(profile.status).toBe(200);
    expect(profile.body.artist).toMatchObject({ id: X.artistId, name: X.name, biog: `The story of ${X.name}` });
    expect(JSON.stringify(profile.body)).not.toContain('@');
    const statements = await call('GET', `/api/v1/artist_home/${X.artistId}/statements?token=${X.token}`);
    expect(statements.body.statements.map((s: { id: string }) => s.id)).toEqual([X.statementId]);
  });
});

describe('token links', () => {
  it('refuses a missing, wrong, expired or revoked token', async () => {
    const home = (token?: string) =>
      call('GET', `/api/v1/artist_home/${X.artistId}${token === undefined ? '' : `?token=${token}`}`);
    const missing = await home();
    expect(missing.status).toBe(400);
    expect(missing.body.errors.token).toBeDefined();
    expect((await home('not-a-token-at-all')).status).toBe(404);
    expect((await home(Y.token)).status).toBe(404);

    // An expired link: as made 31 days ago (links last 30 days), stored as artists' links were before payees had
    // links (no account type): it is still read as the artist's.
    const { getDb } = await import('../../functions/data/service.js');
    const { tokenHashOf, LINK_REFUSED } = await import('../../functions/artist-portal/scope.js');
    const old = `expired-${stamp}-token`;
    await getDb()
      .entities.ArtistPortalLink.create({
        tokenHash: tokenHashOf(old),
        linkId: `L-${stamp}`,
        companyId: tenantId,
        accountId: X.artistId,
        tokenHint: old.slice(-4),
        expiresAt: new Date(Date.now() - 24 * 3600 * 1000).toISOString(),
      })
      .go();
    const expired = await home(old);
    expect(expired.status).toBe(403);
    expect(expired.body.message).toBe(LINK_REFUSED);

    // Revoked by the label: the link's every route is refused at once.
    const fresh = await makeLink(X.artistId);
    expect((await home(fresh.token)).status).toBe(200);
    const links = (await api.get(`/artists/${X.artistId}/portal_links`)).body.links as { id: string; hint: string }[];
    expect(links.map((l) => l.id)).toContain(fresh.linkId);
    expect(JSON.stringify(links)).not.toContain(fresh.token);
    const revoked = await api.del(`/artists/${X.artistId}/portal_links/${fresh.linkId}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.message).toBe('Artist Link Revoked');
    for (const route of portalRoutes('public')) {
      const answer = await call('GET', `${pathOf(route, idsOf(X))}?token=${fresh.token}`);
      expect(answer.status, route.path).toBe(403);
      expect(answer.body.message).toBe(LINK_REFUSED);
    }
    // The link made in beforeAll still works.
    expect((await home(X.token)).status).toBe(200);
  });
});

describe('who may call what', () => {
  it('refuses every artist_user route to other roles with "Your Account does not have access here"', async () => {
    for (const route of portalRoutes('artist_user')) {
      const answer = await call('GET', pathOf(route, idsOf(X)), { token: managerToken });
      expect(answer.status, route.path).toBe(403);
      expect(answer.body.message).toBe(NO_ACCESS);
    }
  });

  it('refuses an artist user every tenant route of the company (they are not a member)', async () => {
    const asArtist = inCompany(X.userToken, tenantId);
    for (const path of [
      '/artists',
      `/artists/${X.artistId}`,
      `/artists/${X.artistId}/finances`,
      `/artists/${X.artistId}/portal_users`,
      '/statements',
      `/statements/${X.statementId}/pdf`,
      '/royalties',
      '/releases',
    ]) {
      const answer = await asArtist.get(path);
      expect(answer.status, path).toBe(403);
      expect(answer.body.message).toBe(NO_ACCESS);
    }
    expect((await asArtist.post(`/artists/${X.artistId}/portal_link`)).status).toBe(403);
  });

  it("keeps another company's artists out: 404 for the label's routes, nothing in the portal", async () => {
    expect((await other.get(`/artists/${X.artistId}/portal_users`)).status).toBe(404);
    expect((await other.get(`/artists/${X.artistId}/portal_links`)).status).toBe(404);
    expect((await other.post(`/artists/${X.artistId}/portal_link`)).status).toBe(404);
    expect(
      (await other.post(`/artists/${X.artistId}/portal_users`, { email: 'x@example.test', name: 'X' })).status,
    ).toBe(404);
    expect((await other.del(`/artists/${X.artistId}/portal_users/${X.userId}`)).status).toBe(404);
    // An artist user linked in one company sees nothing of an artist id in another.
    const { getDb } = await import('../../functions/data/service.js');
    const otherCompany = (await call('GET', '/api/v1/me', { token: managerToken })).body.user.companies.find(
      (c: { id: string }) => c.id !== tenantId,
    ).id;
    const stranger = `ART-AP-other-${stamp}`;
    await getDb().entities.Artist.put({ tenantId: otherCompany, id: stranger, name: 'Other company artist' }).go();
    const answer = await call('GET', `/api/v1/artist_portal/${stranger}/releases`, { token: X.userToken });
    expect(answer.status).toBe(404);
  });

  it('needs money rights to grant an artist sight of its money; read-only roles list', async () => {
    const assistant = await newConfirmedUser('Portal Assistant');
    const { getDb } = await import('../../functions/data/service.js');
    const me = await call('GET', '/api/v1/me', { token: assistant.token });
    await getDb()
      .entities.CompanyUser.create({ userId: String(me.body.user.id), companyId: tenantId, role: 'label_assistant' })
      .go();
    const asAssistant = inCompany(assistant.token, tenantId);
    expect((await asAssistant.get(`/artists/${X.artistId}/portal_users`)).status).toBe(200);
    for (const answer of [
      await asAssistant.post(`/artists/${X.artistId}/portal_link`),
      await asAssistant.post(`/artists/${X.artistId}/portal_users`, { email: `a.${stamp}@example.test`, name: 'A' }),
      await asAssistant.del(`/artists/${X.artistId}/portal_users/${X.userId}`),
      await asAssistant.del(`/artists/${X.artistId}/portal_links/${X.linkId}`),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body.message).toContain('does not allow you to change royalties, statements and payments');
    }
  });
});

/** The mailed token of the newest portal invitation to an e-mail. */
async function invitationToken(email: string, subjectHas: string): Promise<string> {
  const mail = await until(async () => {
    const found = await latestMail(email);
    return found?.subject.includes(subjectHas) ? found : undefined;
  }, 20_000);
  const token = /artist_invitations\/([\w.-]+)/.exec(mail.text)?.[1];
  expect(token).toBeTruthy();
  return String(token);
}

const pickerOf = async (token: string) =>
  ((await call('GET', '/api/v1/artist_portal', { token })).body.artists as { id: string }[]).map((a) => a.id).sort();

describe("the label's artist users", () => {
  it('answers an invitation the same whether the address is new, an artist user elsewhere or a team account', async () => {
    const elsewhere = await ownCompany('Portal Elsewhere');
    const artist = (await elsewhere.api.post('/artists', { name: `Elsewhere Artist ${stamp}` })).body.artist;
    const fresh = `portal.fresh.${stamp}@example.test`;
    const answers = [];
    for (const email of [fresh, X.email, managerEmail]) {
      answers.push(await elsewhere.api.post(`/artists/${artist.id}/portal_users`, { email, name: 'Someone' }));
    }
    const shapeOf = (a: { status: number; body: Record<string, any> }) => ({
      status: a.status,
      message: a.body.message,
      keys: Object.keys(a.body).sort(),
      invitation: Object.keys(a.body.invitation).sort(),
      status_word: a.body.invitation.status,
    });
    for (const answer of answers) expect(shapeOf(answer)).toEqual(shapeOf(answers[0]));
    expect(answers[0].status).toBe(201);
    // Nothing about an account that has not accepted: no user id, no name.
    const said = JSON.stringify(answers.map((a) => a.body));
    expect(said).not.toContain(X.userId);
    expect(said).not.toContain(X.name);
    // The other company's artist user is not attached until they accept, and is listed only as the typed address.
    expect(await pickerOf(X.userToken)).toEqual([X.artistId]);
    const listed = (await elsewhere.api.get(`/artists/${artist.id}/portal_users`)).body;
    expect(listed.users).toEqual([]);
    expect(listed.invitations.map((i: { email: string }) => i.email).sort()).toEqual(
      [fresh, X.email, managerEmail].sort(),
    );
    // Each with the name the label typed, never the account's own.
    expect(listed.invitations.map((i: { name: string }) => i.name)).toEqual(['Someone', 'Someone', 'Someone']);
    expect(JSON.stringify(listed)).not.toContain(X.userId);
    // No account was made for the new address: its owner signs up as anyone would.
    const signed = await call('POST', '/api/v1/signup', { body: { name: 'Fresh', email: fresh } });
    expect(signed.status).toBe(201);
  });

  it('attaches the artist when an existing artist user accepts, once, whatever is sent twice', async () => {
    // An artist user of its own (of a new artist of this label): the artists X's account reaches stay as made.
    const ownArtist = (await api.post('/artists', { name: `Accepting Artist ${stamp}` })).body.artist;
    const mine = await artistUser(ownArtist.id, 'Accepting Artist');
    const elsewhere = await ownCompany('Portal Accept');
    const name = `Accepted Artist ${stamp}`;
    const artist = (await elsewhere.api.post('/artists', { name })).body.artist;
    expect(
      (await elsewhere.api.post(`/artists/${artist.id}/portal_users`, { email: mine.email, name: 'X' })).status,
    ).toBe(201);
    const token = await invitationToken(mine.email, name);
    // The mail names who invited them and for which label.
    const inviter = (await call('GET', '/api/v1/me', { token: elsewhere.manager.token })).body.user.name;
    expect((await latestMail(mine.email))?.subject).toBe(
      `${inviter} of ${elsewhere.name} invited you to the artist portal of ${name}`,
    );
    const described = await call('GET', `/api/v1/artist_invitations/${token}`);
    expect(described.body.invitation.artist_name).toBe(name);
    // Another account (Y's) cannot take this user's invitation.
    const stranger = await call('POST', `/api/v1/artist_invitations/${token}/accept`, { token: Y.userToken });
    expect(stranger.status).toBe(403);
    const [first, second] = await Promise.all([
      call('POST', `/api/v1/artist_invitations/${token}/accept`, { token: mine.userToken }),
      call('POST', `/api/v1/artist_invitations/${token}/accept`, { token: mine.userToken }),
    ]);
    expect([first.status, second.status].filter((s) => s === 200)).toHaveLength(1);
    expect(await pickerOf(mine.userToken)).toEqual([ownArtist.id, artist.id].sort());
    const again = await call('POST', `/api/v1/artist_invitations/${token}/accept`, { token: mine.userToken });
    expect(again.status).toBe(404);
    const listed = (await elsewhere.api.get(`/artists/${artist.id}/portal_users`)).body;
    expect(listed.users.map((u: { user_id: string }) => u.user_id)).toEqual([mine.userId]);
    expect(listed.invitations).toEqual([]);
    // A spent token cannot set up an account either.
    const setup = await call('POST', `/api/v1/artist_invitations/${token}/setup_account`, {
      body: { password: 'Other-pass-1', password_confirmation: 'Other-pass-1' },
    });
    expect(setup.status).toBe(404);
  });

  it("refuses a team member's account at acceptance, and a withdrawn invitation is gone", async () => {
    const name = `Member Artist ${stamp}`;
    const artist = (await api.post('/artists', { name })).body.artist;
    expect((await api.post(`/artists/${artist.id}/portal_users`, { email: managerEmail, name: 'M' })).status).toBe(201);
    const token = await invitationToken(managerEmail, name);
    const accepted = await call('POST', `/api/v1/artist_invitations/${token}/accept`, { token: managerToken });
    expect(accepted.status).toBe(403);
    expect(accepted.body.message).toBe(
      'This e-mail belongs to a company team account, which cannot become an artist portal account; ask the label to invite another address',
    );
    const setup = await call('POST', `/api/v1/artist_invitations/${token}/setup_account`, {
      body: { password: 'Other-pass-1', password_confirmation: 'Other-pass-1' },
    });
    expect(setup.status).toBe(409);
    expect(setup.body.errors.password).toBeDefined();
    const listed = (await api.get(`/artists/${artist.id}/portal_users`)).body;
    expect(listed.users).toEqual([]);
    expect(listed.invitations).toHaveLength(1);
    const withdrawn = await api.del(`/artists/${artist.id}/portal_invitations/${listed.invitations[0].id}`);
    expect(withdrawn.status).toBe(200);
    expect((await call('GET', `/api/v1/artist_invitations/${token}`)).status).toBe(404);
    expect((await api.get(`/artists/${artist.id}/portal_users`)).body.invitations).toEqual([]);
    const bad = await api.post(`/artists/${X.artistId}/portal_users`, { email: 'not an e-mail', name: 'X' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.email).toBeDefined();
  });

  it("refuses to invite an artist's account into the team, and keeps no invitation", async () => {
    // A member reads every artist's royalties; an artist only their own.
    const invited = await api.post('/company/users', { email: X.email, role: 'label_manager' });
    expect(invited.status).toBe(409);
    expect(invited.body.errors.email).toEqual([
      'This e-mail belongs to an artist portal account, which cannot join a company team; invite another address',
    ]);
    const pending = await api.get('/company/invitations');
    expect(JSON.stringify(pending.body)).not.toContain(X.email);
  });

  it('links an existing artist user to a second artist, and an unlinked artist loses access at once', async () => {
    // An artist user of its own (of a new artist of this label), linked to Y here: X's account stays as made.
    const ownArtist = (await api.post('/artists', { name: `Linked Artist ${stamp}` })).body.artist;
    const mine = await artistUser(ownArtist.id, 'Linked Artist');
    const linked = await api.post(`/artists/${Y.artistId}/portal_users`, { email: mine.email, name: 'X' });
    expect(linked.status).toBe(201);
    const token = await invitationToken(mine.email, Y.name);
    expect((await call('POST', `/api/v1/artist_invitations/${token}/accept`, { token: mine.userToken })).status).toBe(
      200,
    );
    const picker = await call('GET', '/api/v1/artist_portal', { token: mine.userToken });
    expect(picker.body.artists.map((a: { id: string }) => a.id)).toEqual(
      expect.arrayContaining([ownArtist.id, Y.artistId]),
    );
    const listed = (await api.get(`/artists/${Y.artistId}/portal_users`)).body.users as { user_id: string }[];
    expect(listed.map((u) => u.user_id).sort()).toEqual([mine.userId, Y.userId].sort());

    const removed = await api.del(`/artists/${Y.artistId}/portal_users/${mine.userId}`);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Artist User Removed');
    const after = await call('GET', `/api/v1/artist_portal/${Y.artistId}/releases`, { token: mine.userToken });
    expect(after.status).toBe(404);
    expect(
      (await call('GET', `/api/v1/artist_portal/${ownArtist.id}/releases`, { token: mine.userToken })).status,
    ).toBe(200);
    expect((await api.del(`/artists/${Y.artistId}/portal_users/${mine.userId}`)).status).toBe(404);
  });
});
