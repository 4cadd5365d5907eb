import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type Route } from '../../functions/routes.js';
import { call, demo, inCompany, latestMail, newConfirmedUser, signIn } from '../support/api.js';
import { financeFixture } from '../support/finance-fixture.js';
import { until } from '../support/wait.js';

/**
 * The artist portal (issue 18; README "The artist portal"): two artists of the same label, each
 * with a member payee, a release, royalty lines and a published statement. Generic over the route
 * table: every artist_user route and every token route of the artist-portal area is called as
 * artist X's user and with X's token — X's own ids answer and never carry Y's data, Y's ids are
 * 404. Plus expired and revoked tokens, other roles, other companies and money rights.
 */
type Api = ReturnType<typeof inCompany>;
type Side = {
  artistId: string;
  name: string;
  payeeId: string;
  releaseId: string;
  recordingId: string;
  store: string;
  statementId: string;
  royalties: string;
  closing: string;
  userToken: string;
  userId: string;
  email: string;
  token: string;
  linkId: string;
};

const stamp = Date.now();
const year = 2040 + ((stamp + 37) % 50);
const period = `${year}-03`;
const isrc = (n: number) => `QP${String(stamp).slice(-3)}${String(n).padStart(7, '0')}`;
const labelId = `LAB-AP-${stamp}`;
const PASSWORD = 'Artist-pass-1';
const NO_ACCESS = 'Your Account does not have access here';

const base = (key: 'x' | 'y', n: number, store: string) => ({
  artistId: `ART-AP-${key}-${stamp}`,
  name: `Portal Artist ${key.toUpperCase()} ${stamp}`,
  payeeId: `PAY-AP-${key}-${stamp}`,
  releaseId: `REL-AP-${key}-${stamp}`,
  recordingId: `REC-AP-${key}-${stamp}`,
  isrc: isrc(n),
  store,
});
const X0 = base('x', 1, 'Spotify');
const Y0 = base('y', 2, 'Apple');

let api: Api;
let other: Api;
let tenantId: string;
let managerToken: string;
let X: Side;
let Y: Side;

const portalRoutes = (auth: Route['auth']) => ROUTES.filter((r) => r.area === 'artist-portal' && r.auth === auth);
const pathOf = (route: Route, ids: Record<string, string>) =>
  route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(ids[name] ?? `missing-${name}`));

/** Publishes one payee run over the period for both member payees; answers each payee's statement. */
async function publishStatements() {
  const created = await api.post('/statements/create_statement_run', {
    kind: 'payee',
    start_pay_period: period,
    end_pay_period: period,
    accounts: [
      { type: 'Payee', id: X0.payeeId },
      { type: 'Payee', id: Y0.payeeId },
    ],
  });
  expect(created.status).toBe(201);
  const runId = created.body.statement_run.id;
  const previewed = await until(async () => {
    const run = (await api.get(`/statement_runs/${runId}`)).body.statement_run;
    return run.status === 'previewing' ? undefined : run;
  }, 60_000);
  expect(previewed.status).toBe('preview_ready');
  expect((await api.post(`/statement_runs/${runId}/publish`)).status).toBe(200);
  await until(async () => {
    const run = (await api.get(`/statement_runs/${runId}`)).body.statement_run;
    return run.status === 'published' ? run : undefined;
  }, 90_000);
  type Row = { id: string; run_id: string; statementable_id: string; pdf_url?: string };
  const rows = await until(async () => {
    const all = (await api.get('/statements?per_page=1000')).body.statements as (Row & { figures: object })[];
    const mine = all.filter((s) => s.run_id === runId);
    return mine.length === 2 ? mine : undefined;
  }, 60_000);
  return new Map(
    rows.map((s) => [s.statementable_id, s as Row & { figures: { royalties: string; closing_balance: string } }]),
  );
}

/** Invites an artist user through the label's route and signs them in after setting a password from the mail. */
async function inviteArtistUser(artistId: string, name: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${stamp}@example.test`;
  const invited = await api.post(`/artists/${artistId}/portal_users`, { email, name });
  expect(invited.status).toBe(201);
  expect(invited.body.message).toBe('Artist User Added');
  const mail = await until(() => latestMail(email), 20_000);
  const accessToken = /setup_account\?token=([\w-]+)/.exec(mail.text)?.[1];
  expect(accessToken).toBeTruthy();
  const confirmed = await call('POST', '/api/v1/confirm_user', {
    body: { access_token: accessToken, password: PASSWORD, password_confirmation: PASSWORD },
  });
  expect(confirmed.status).toBe(200);
  const token = await signIn(email, PASSWORD);
  const me = await call('GET', '/api/v1/me', { token });
  expect(me.body.user.role).toBe('artist_user');
  // Not a member of the label's company: an artist user's access is only the portal's scope.
  expect(me.body.user.companies).toEqual([]);
  return { email, userToken: token, userId: String(me.body.user.id) };
}

async function makeLink(artistId: string) {
  const made = await api.post(`/artists/${artistId}/portal_link`);
  expect(made.status).toBe(201);
  expect(made.body.message).toBe('Artist Link Created');
  const url = new URL(made.body.url);
  expect(url.pathname).toBe(`/artists/${artistId}`);
  return { token: String(url.searchParams.get('token')), linkId: String(made.body.link.id) };
}

beforeAll(async () => {
  ({ api, other, tenantId } = await financeFixture({
    source: { id: `SRC-AP-${stamp}`, name: 'Artist Portal Store' },
    label: { labelId, name: `Artist Portal Label ${stamp}` },
    release: { id: X0.releaseId, title: 'X Release', recordings: [X0.recordingId] },
    catalogue: async (db, tenantId) => {
      for (const side of [X0, Y0]) {
        await db.Payee.put({ tenantId, id: side.payeeId, name: `${side.name} payee` }).go();
        await db.Artist.put({
          tenantId,
          id: side.artistId,
          name: side.name,
          biog: `The story of ${side.name}`,
          artist_members: [{ id: `M-${side.artistId}`, payee_id: side.payeeId, active: true, roles: [] }],
        }).go();
        await db.Recording.put({
          tenantId,
          id: side.recordingId,
          title: `${side.name} track`,
          isrc: side.isrc,
          artist_recordings: [{ artist_id: side.artistId, payee_share: 50, digital_royalty_share: 100 }],
        }).go();
      }
      await db.Release.put({
        tenantId,
        id: Y0.releaseId,
        title: 'Y Release',
        label_id: labelId,
        release_recordings: [{ recording_id: Y0.recordingId }],
      }).go();
    },
    report: {
      name: 'artist-portal',
      lines: [
        `${X0.isrc},10.00,GBP,${period},${X0.store},GB`,
        `${X0.isrc},2.50,GBP,${period},${X0.store},FR`,
        `${Y0.isrc},40.00,GBP,${period},${Y0.store},US`,
      ],
    },
  }));
  managerToken = await signIn(demo.labelManager.email, demo.labelManager.password);
  const statements = await publishStatements();
  const side = async (s: typeof X0): Promise<Side> => {
    const statement = statements.get(s.payeeId);
    expect(statement).toBeDefined();
    return {
      ...s,
      statementId: String(statement?.id),
      royalties: String(statement?.figures.royalties),
      closing: String(statement?.figures.closing_balance),
      ...(await inviteArtistUser(s.artistId, s.name)),
      ...(await makeLink(s.artistId)),
    };
  };
  X = await side(X0);
  Y = await side(Y0);
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

    // An expired link: as made 31 days ago (links last 30 days).
    const { getDb } = await import('../../functions/data/service.js');
    const { tokenHashOf, LINK_REFUSED } = await import('../../functions/artist-portal/scope.js');
    const old = `expired-${stamp}-token`;
    await getDb()
      .entities.ArtistPortalLink.create({
        tokenHash: tokenHashOf(old),
        linkId: `L-${stamp}`,
        companyId: tenantId,
        artistId: X.artistId,
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

describe("the label's artist users", () => {
  it("refuses a company member's e-mail and a second link of the same artist user, naming the field", async () => {
    const member = await api.post(`/artists/${X.artistId}/portal_users`, { email: demo.labelManager.email, name: 'M' });
    expect(member.status).toBe(409);
    expect(member.body.errors.email).toEqual(['This e-mail belongs to an account that is not an artist account']);
    const again = await api.post(`/artists/${X.artistId}/portal_users`, { email: X.email, name: 'X' });
    expect(again.status).toBe(409);
    expect(again.body.errors.email).toEqual(['This e-mail is already linked to this artist']);
    const bad = await api.post(`/artists/${X.artistId}/portal_users`, { email: 'not an e-mail', name: 'X' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.email).toBeDefined();
  });

  it('links an existing artist user to a second artist, and an unlinked artist loses access at once', async () => {
    const linked = await api.post(`/artists/${Y.artistId}/portal_users`, { email: X.email, name: 'X' });
    expect(linked.status).toBe(201);
    const picker = await call('GET', '/api/v1/artist_portal', { token: X.userToken });
    expect(picker.body.artists.map((a: { id: string }) => a.id).sort()).toEqual([X.artistId, Y.artistId].sort());
    const listed = (await api.get(`/artists/${Y.artistId}/portal_users`)).body.users as { user_id: string }[];
    expect(listed.map((u) => u.user_id).sort()).toEqual([X.userId, Y.userId].sort());

    const removed = await api.del(`/artists/${Y.artistId}/portal_users/${X.userId}`);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Artist User Removed');
    const after = await call('GET', `/api/v1/artist_portal/${Y.artistId}/releases`, { token: X.userToken });
    expect(after.status).toBe(404);
    expect((await call('GET', `/api/v1/artist_portal/${X.artistId}/releases`, { token: X.userToken })).status).toBe(
      200,
    );
    expect((await api.del(`/artists/${Y.artistId}/portal_users/${X.userId}`)).status).toBe(404);
  });
});
