import { expect } from 'vitest';
import { call, demo, type inCompany, latestMail, signIn } from './api.js';
import { type FixtureManager, financeFixture } from './finance-fixture.js';
import { until } from './wait.js';
import { publishedRun } from './statement-run.js';

/**
 * Two artists of the same label for the artist portal's tests (docs/artist-portal.md): each
 * with a member payee, a release, royalty lines on its own store and a published statement, an
 * artist user invited through the label's route (password set from the mail) and a token link.
 */
export type PortalSide = {
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
  password: string;
  token: string;
  linkId: string;
};

const PASSWORD = 'Artist-pass-1';

/** `own`: the file's own label manager (`ownLabelManager()`); without it, the demo's label manager. */
export async function artistPortalFixture(own?: FixtureManager & { email: string; password: string }) {
  const stamp = Date.now();
  const year = 2040 + ((stamp + 37) % 50);
  const period = `${year}-03`;
  const isrc = (n: number) => `QP${String(stamp).slice(-3)}${String(n).padStart(7, '0')}`;
  const labelId = `LAB-AP-${stamp}`;
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

  const { api, other, tenantId } = await financeFixture({
    manager: own,
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
  });

  /** Publishes one payee run over the period for both member payees; answers each payee's statement. */
  async function publishStatements() {
    const { runId } = await publishedRun(api, {
      kind: 'payee',
      start_pay_period: period,
      end_pay_period: period,
      accounts: [
        { type: 'Payee', id: X0.payeeId },
        { type: 'Payee', id: Y0.payeeId },
      ],
    });
    type Row = {
      id: string;
      run_id: string;
      statementable_id: string;
      figures: { royalties: string; closing_balance: string };
    };
    const rows = await until(async () => {
      const all = (await api.get('/statements?per_page=1000')).body.statements as Row[];
      const mine = all.filter((s) => s.run_id === runId);
      return mine.length === 2 ? mine : undefined;
    }, 90_000);
    return new Map(rows.map((s) => [s.statementable_id, s]));
  }

  /** Invites an artist user through the label's route and signs them in after setting a password from the mail. */
  async function inviteArtistUser(artistId: string, name: string) {
    const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${stamp}@example.test`;
    const invited = await api.post(`/artists/${artistId}/portal_users`, { email, name });
    expect(invited.status).toBe(201);
    expect(invited.body.message).toBe('Invitation Sent');
    const mail = await until(() => latestMail(email), 20_000);
    const invitation = /artist_invitations\/([\w.-]+)/.exec(mail.text)?.[1];
    expect(invitation).toBeTruthy();
    const set = await call('POST', `/api/v1/artist_invitations/${invitation}/setup_account`, {
      body: { password: PASSWORD, password_confirmation: PASSWORD },
    });
    expect(set.status).toBe(200);
    const token = await signIn(email, PASSWORD);
    const me = await call('GET', '/api/v1/me', { token });
    expect(me.body.user.role).toBe('artist_user');
    // Not a member of the label's company: an artist user's access is only the portal's scope.
    expect(me.body.user.companies).toEqual([]);
    return { email, password: PASSWORD, userToken: token, userId: String(me.body.user.id) };
  }

  /** A token link made through the label's route: the token is read from the URL it answers once. */
  async function makeLink(artistId: string) {
    const made = await api.post(`/artists/${artistId}/portal_link`);
    expect(made.status).toBe(201);
    expect(made.body.message).toBe('Artist Link Created');
    const url = new URL(made.body.url);
    expect(url.pathname).toBe(`/artists/${artistId}`);
    return { token: String(url.searchParams.get('token')), linkId: String(made.body.link.id) };
  }

  const manager = own ?? demo.labelManager;
  const managerToken = own?.token ?? (await signIn(manager.email, manager.password));
  const statements = await publishStatements();
  const side = async (s: typeof X0): Promise<PortalSide> => {
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
  const X = await side(X0);
  const Y = await side(Y0);
  return {
    api,
    other,
    tenantId,
    managerToken,
    managerEmail: manager.email,
    stamp,
    period,
    X,
    Y,
    makeLink,
    artistUser: inviteArtistUser,
  };
}

export type PortalApi = ReturnType<typeof inCompany>;
