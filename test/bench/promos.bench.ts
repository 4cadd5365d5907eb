/**
 * `npm run bench:promos`: a promo sent to 1,000 recipients (one mailing list imported by CSV), timed
 * from the send call until the promo worker has mailed everyone; then the public promo page's data
 * (GET promo_pages/{id}/{token}, no sign-in) for 50 different recipients at once, beside a baseline
 * measured in the same run at the same concurrency: the gateway's HTTP floor (GET /config.json).
 * Goals: send ≤ 60 s, page p95 ≤ 300 ms. The last line is
 * `recipients=1000 send_s=X page_p95_ms=Y`.
 */
import { benchCloud, httpLoad, printResults } from './bench-harness.js';

const RECIPIENTS = 1000;
const CONCURRENT = 50;
const REQUESTS = 1000;

async function main() {
  const { cloud, db, companyId, headers, stop } = await benchCloud('Promo Bench Records');
  try {
    // The promo system is a plan feature: the bench company is on Enterprise (no free promos limit).
    await db.entities.Company.patch({ companyId }).set({ subscription_id: 'plan_enterprise' }).go();
    const api = async (method: string, pathname: string, body?: unknown) => {
      const response = await fetch(`${cloud.url}/api/v1${pathname}`, {
        method,
        headers: { ...headers, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const json = (await response.json()) as Record<string, any>;
      if (!response.ok) throw new Error(`${method} ${pathname} -> ${response.status} ${JSON.stringify(json)}`);
      return json;
    };
    const recordings = [];
    for (const title of ['Bench One', 'Bench Two'])
      recordings.push((await api('POST', '/recordings', { title })).recording);
    const release = (
      await api('POST', '/releases', {
        title: 'Bench EP',
        release_recordings_attributes: recordings.map((r: { id: string }) => ({ recording_id: r.id })),
      })
    ).release;
    const list = (await api('POST', '/mailing_lists', { name: 'Bench DJs' })).mailing_list;
    const csv = [
      'email,name,role,country,tags',
      ...Array.from({ length: RECIPIENTS }, (_, i) => `dj${i}@bench.test,DJ ${i},dj,GB,house`),
    ].join('\n');
    await api('POST', `/mailing_lists/${list.id}/members_csv`, { csv });
    const promo = (await api('POST', '/promos', { release_id: release.id })).promo;

    const sendStart = performance.now();
    const sent = await api('POST', `/promos/${promo.id}/send`, { mailing_list_ids: [list.id] });
    if (sent.queued !== RECIPIENTS) throw new Error(`queued ${sent.queued}, not ${RECIPIENTS}`);
    for (;;) {
      if ((await api('GET', `/promos/${promo.id}`)).promo.status === 'sent') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const sendSeconds = (performance.now() - sendStart) / 1000;

    // 50 recipients' own links, from the outbox (the local stand-in for their mailboxes).
    const outbox = (await (await fetch(`${cloud.url}/_local/outbox`)).json()) as { mails: { text: string }[] };
    const links = outbox.mails
      .flatMap((mail) => {
        const match = /\/promo\/([^/\s]+)\/(\S+)/.exec(mail.text);
        return match && match[1] === promo.id ? [`${cloud.url}/api/v1/promo_pages/${match[1]}/${match[2]}`] : [];
      })
      .slice(0, CONCURRENT);
    if (links.length < CONCURRENT) throw new Error(`only ${links.length} links in the outbox`);
    const pageUrls = Array.from({ length: REQUESTS }, (_, i) => links[i % links.length]);

    await httpLoad('warm-up', pageUrls.slice(0, 300), {}, { concurrency: CONCURRENT });
    const results = [
      await httpLoad(`promo page data (${CONCURRENT} recipients at once)`, pageUrls, {}, { concurrency: CONCURRENT }),
      await httpLoad(
        'baseline: HTTP floor GET /config.json',
        Array.from({ length: REQUESTS }, () => `${cloud.url}/config.json`),
        {},
        { concurrency: CONCURRENT },
      ),
    ];
    printResults(`A promo sent to ${RECIPIENTS} recipients, local gateway + DynamoDB Local`, results);
    const pageP95 = results[0].p95;
    console.log(
      `\nsend ${sendSeconds.toFixed(1)} s (goal ≤ 60 s): ${sendSeconds <= 60 ? 'met' : 'NOT met'}; ` +
        `page p95 ${pageP95.toFixed(1)} ms (goal ≤ 300 ms): ${pageP95 <= 300 ? 'met' : 'NOT met'}`,
    );
    console.log(`recipients=${RECIPIENTS} send_s=${sendSeconds.toFixed(1)} page_p95_ms=${pageP95.toFixed(0)}`);
  } finally {
    await stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
