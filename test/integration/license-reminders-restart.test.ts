import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ENV } from '../../infra/resources.js';
import { restartableCloud } from '../support/restartable-cloud.js';
import { until } from '../support/wait.js';

/**
 * The local cloud killed while the licensing reminders ran, and started again: of three licences
 * ending soon, the run had told the first, claimed the second and was telling it when the cloud
 * died, and had not reached the third. On start the second is carried on (the reminders' resumer),
 * and the next scheduled run tells the third: each reminder reaches the inbox and the mail once,
 * none twice, none lost. The cloud runs in a process of its own (test/support/restartable-cloud.ts);
 * the company, its member and its licences are made straight in its table, and only they are read.
 */
const cloud = restartableCloud('license-reminders-restart');
afterAll(async () => {
  await cloud.remove();
});

const modules = async () => ({
  db: (await import('../../functions/data/service.js')).getDb().entities,
  job: await import('../../functions/licensing/reminders-job.js'),
  tell: (await import('../../functions/notices/tell-company.js')).tellCompanyMembers,
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('the local cloud stopped while the licensing reminders ran, and started again', () => {
  it('sends each reminder once: the one being sent is carried on, the one not reached is sent next', async () => {
    const cloudEnv = await cloud.start();
    // Imported only now: the SDK clients read this cloud's endpoints (the same ports after the restart).
    const { db, job, tell } = await modules();
    const tenantId = `reminders-restart-${Date.now()}`;
    const userId = `${tenantId}-manager`;
    const email = `manager.${tenantId}@example.test`;
    await db.Company.create({ companyId: tenantId, name: 'Reminder Records' }).go();
    await db.User.create({ userId, email, name: 'Rita Manager', role: 'user' }).go();
    await db.CompanyUser.create({ userId, companyId: tenantId, role: 'label_manager' }).go();
    const licensees = ['Ada Films', 'Ben Adverts', 'Cleo Games'];
    for (const [i, licensee_name] of licensees.entries())
      await db.License.create({
        tenantId,
        id: `LIC${i}-${tenantId}`,
        type: 'outgoing',
        status: 'signed',
        licensee_name,
        usage: 'A trailer',
        license_start_date: inDays(-60),
        license_end_date: inDays(10 + i),
        revision: 1,
      }).go();

    // The run that died: it tells Ada Films, then is cut off while telling Ben Adverts.
    let telling: () => void = () => {};
    const cutOff = new Promise<void>((resolve) => {
      telling = resolve;
    });
    let told = 0;
    void job
      .runReminders(new Date().toISOString(), async (input) => {
        if (input.tenantId !== tenantId) return;
        told += 1;
        if (told === 1) return tell(input);
        telling();
        return new Promise(() => {});
      })
      .catch(() => {});
    await cutOff;
    const claims = async () =>
      (await db.LicenseReminderClaim.query.byTenant({ tenantId }).go({ pages: 'all' })).data
        .map((c) => [c.subject.split(': ')[1], c.status])
        .sort();
    expect(await claims()).toEqual([
      ['Ada Films', 'sent'],
      ['Ben Adverts', 'sending'],
    ]);
    await cloud.kill();

    // Started again on the same state: the reminder left sending is sent on start.
    await cloud.start();
    const again = await modules();
    await until(async () => {
      const claim = await again.db.LicenseReminderClaim.query.byTenant({ tenantId }).go({ pages: 'all' });
      return claim.data.every((c) => c.status === 'sent') ? true : undefined;
    }, 60_000);
    // The next run (and one more, as a schedule firing twice) tells Cleo Games, and nobody again.
    expect(await again.job.runReminders(new Date().toISOString())).toBeGreaterThanOrEqual(1);
    await again.job.runReminders(new Date().toISOString());

    const expected = licensees.map((name, i) => `Licence ending on ${inDays(10 + i)}: ${name}`).sort();
    // The member's inbox: one notice per reminder.
    const inbox = (await again.db.UserNotice.query.byUser({ userId }).go({ pages: 'all' })).data;
    const notices = (await again.db.Notice.get(inbox.map(({ noticeId }) => ({ noticeId }))).go()).data.map(
      (n) => n.title,
    );
    expect(notices.sort()).toEqual(expected);
    const outbox = cloudEnv[ENV.outboxDir];
    const mails = readdirSync(outbox)
      .filter((file) => file.endsWith('.json'))
      .map((file) => JSON.parse(readFileSync(path.join(outbox, file), 'utf8')) as { to: string; subject: string })
      .filter((mail) => mail.to === email)
      .map((mail) => mail.subject.replace('Reminder Records: ', ''));
    expect(mails.sort()).toEqual(expected);
    expect(await claims()).toEqual(licensees.map((name) => [name, 'sent']));
  }, 300_000);
});
