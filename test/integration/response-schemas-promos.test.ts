import { beforeAll, describe, expect, it } from 'vitest';
import { call, uniqueEmail } from '../support/api.js';
import { answerChecker, type ApiDocument, servedDocument } from '../support/declared-answers.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { until } from '../support/wait.js';

/**
 * Promo sends against the answers the OpenAPI document declares: a promo sent and one scheduled then cancelled, what
 * the recipients did (listed, as CSV, as a PDF report), a link revoked; the recipient's public page, a play, feedback
 * and unsubscribing; a mailing list's members from CSV, its unengaged members and taking them off; a mail template
 * previewed and test-sent. Every call is on records this file makes.
 */
let document: ApiDocument;
let world: OwnCompany;
let member: ReturnType<typeof answerChecker>;
let releaseId: string;
let recordingId: string;

type Mail = { to: string; text: string };
const mailTo = (to: string) =>
  until(async () =>
    (await call<{ mails: Mail[] }>('GET', `/_local/outbox?to=${encodeURIComponent(to)}`)).body.mails.find(
      (m) => m.to === to,
    ),
  );
/** The promo page's id and token in a recipient's mail. */
async function linkOf(email: string) {
  const mail = await mailTo(email);
  const match = /\/promo\/([^/\s]+)\/(\S+)/.exec(mail.text);
  if (!match) throw new Error(`no promo link in ${mail.text}`);
  return { id: match[1], accessToken: match[2] };
}

beforeAll(async () => {
  document = await servedDocument();
  world = await ownCompany('Promo answers');
  member = answerChecker(document, world.manager.token, world.companyId);
  recordingId = (await world.api.post('/recordings', { title: 'Answer Track' })).body.recording.id;
  const release = await world.api.post('/releases', {
    title: `Promo Answer EP ${Date.now()}`,
    release_recordings_attributes: [{ recording_id: recordingId }],
  });
  releaseId = release.body.release.id;
}, 60_000);

describe('promo sends answer what the document declares', () => {
  it('a send, its recipients’ page, a play, feedback, what they did, a revoked link, an unsubscribe', async () => {
    const promo = (await world.api.post('/promos', { release_id: releaseId })).body.promo as { id: string };
    const params = { id: promo.id };
    const [fan, leaving] = [uniqueEmail('answer.fan'), uniqueEmail('answer.leaving')];
    await member('POST', '/promos/{id}/send', { params, body: { emails: [fan, leaving] } });
    const visitor = answerChecker(document, '');
    const link = await linkOf(fan);
    await visitor('GET', '/promo_pages/{id}/{accessToken}', { params: link });
    await visitor('POST', '/promo_pages/{id}/{accessToken}/plays', {
      params: link,
      body: { recording_id: recordingId },
    });
    await visitor('POST', '/promo_pages/{id}/{accessToken}/feedback', {
      params: link,
      body: { rating: 4, support: 'yes', comment: 'Big tune' },
    });
    await visitor('POST', '/promo_unsubscribe/{id}/{accessToken}', { params: await linkOf(leaving) });
    const recipients = await member('GET', '/promos/{id}/recipients', { params, rows: 'recipients' });
    await member('GET', '/promos/{id}/recipients_csv', { params });
    await member('GET', '/promos/{id}/report_pdf', { params });
    const recipientId = recipients.body.recipients.find((r: { email: string }) => r.email === fan).id;
    await member('POST', '/promos/{id}/recipients/{recipientId}/revoke', { params: { ...params, recipientId } });
  });

  it('a send scheduled for later, then cancelled', async () => {
    const promo = (await world.api.post('/promos', { release_id: releaseId })).body.promo as { id: string };
    const params = { id: promo.id };
    const sendAt = new Date(Date.now() + 30 * 24 * 60 * 60_000).toISOString();
    await member('POST', '/promos/{id}/send', { params, body: { emails: [uniqueEmail('later')], send_at: sendAt } });
    await member('DELETE', '/promos/{id}/scheduled_send', { params });
  });

  it('a mailing list’s members from CSV, its unengaged members, taken off its sends', async () => {
    const list = await world.api.post('/mailing_lists', { name: 'Answer press' });
    const params = { id: list.body.mailing_list.id as string };
    const email = uniqueEmail('answer.press');
    const imported = await member('POST', '/mailing_lists/{id}/members_csv', {
      params,
      body: { csv: `email,name,role\n${email},Press Person,press\nnot-an-address,Nobody,dj\n` },
    });
    expect(imported.body.errors.length, 'a refused row of its own').toBe(1);
    await member('GET', '/mailing_lists/{id}/unengaged', { params });
    await member('POST', '/mailing_lists/{id}/deactivate', { params, body: { emails: [email] } });
  });

  it('a mail template previewed and test-sent', async () => {
    const blocks = [{ type: 'text', text: 'New music' }, { type: 'footer' }];
    await member('POST', '/promo_template_previews', { body: { blocks } });
    const made = await world.api.post('/promo_templates', { name: 'Answer test mail', blocks });
    await member('POST', '/promo_templates/{id}/test_send', { params: { id: made.body.template.id }, body: {} });
  });

  it('a smart link’s public page, a fan waiting for release day, and a label’s store page', async () => {
    const label = await world.label('Promo Answer Records');
    // Out in a week: still before release day for the fan's sign-up should the run cross midnight.
    const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const release = await world.api.post('/releases', {
      title: `Coming Answer ${Date.now()}`,
      upc: '036000291452',
      release_date: inAWeek,
      label_id: label.id,
    });
    const link = await world.api.post('/smart_links', { smart_link: { release_id: release.body.release.id } });
    const params = { slug: link.body.smart_link.slug as string };
    const visitor = answerChecker(document, '');
    await visitor('GET', '/link_pages/{slug}', { params });
    await visitor('POST', '/link_pages/{slug}/fans', {
      params,
      body: { fan: { email: uniqueEmail('answer.fan'), consent: true } },
      status: 201,
    });
    await world.api.patch(`/labels/${label.id}/settings`, { store: true });
    const store = await visitor('GET', '/label_stores/{labelId}', { params: { labelId: label.id } });
    expect(store.body.store.releases.length, 'a release of its own').toBe(1);
  });
});
