/**
 * `npm run bench:smart-links` (a benchmark, not a timed test): a smart link's store redirect against the
 * local cloud, 50 clients at once, beside a static file of about the same size served by the same gateway
 * (the baseline: what the gateway costs without the handler). Goal: redirect p95 ≤ 50 ms. Every redirect is
 * a browser's click, so each must be counted once: `clicks` is what the link's analytics counted, read once
 * the counts written after the answers have landed, and must equal the redirects sent.
 * Last line exactly: `clicks=N redirect_p95_ms=X static_p95_ms=Y`.
 */
import { benchCloud, cloudCpu, httpLoad, printResults } from './bench-harness.js';

const REQUESTS = Number(process.env.SMART_LINK_REQUESTS ?? 2000);
const CONCURRENCY = 50;
const WARM_UP = 500;
const IDLE_SECONDS = 3;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
/** About the size of a redirect's answer, so the baseline differs only in what serves it. */
const STATIC_FILE = `${'x'.repeat(200)}\n`;

async function main() {
  const { cloud, headers, stop } = await benchCloud(
    'Smart links bench',
    {
      'index.html': '<!doctype html><title>bench</title>',
      'static-bench.txt': STATIC_FILE,
    },
    { signInsOnly: true },
  );
  try {
    const api = (method: string, path: string, body?: unknown) =>
      fetch(`${cloud.url}/api/v1${path}`, {
        method,
        headers: { ...headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then(async (response) => ({ status: response.status, body: await response.json() }));
    const release = await api('POST', '/releases', { title: 'Bench Single', upc: '036000291452' });
    if (release.status !== 201) throw new Error(`release: ${JSON.stringify(release.body)}`);
    const made = await api('POST', '/smart_links', { smart_link: { release_id: release.body.release.id } });
    if (made.status !== 201) throw new Error(`smart link: ${JSON.stringify(made.body)}`);
    const { id, slug } = made.body.smart_link as { id: string; slug: string };

    const visitor = { 'user-agent': BROWSER, 'cloudfront-viewer-country': 'GB' };
    const redirectUrl = `${cloud.url}/api/v1/go/${slug}/spotify`;
    const staticUrl = `${cloud.url}/static-bench.txt`;
    const options = { concurrency: CONCURRENCY };
    /**
     * One measured load and the CPU it cost per request: the gateway's thread (this process's main thread,
     * handlers included), the load client's thread, and the cloud's child processes (DynamoDB Local, Cognito).
     * An idle cloud uses CPU too (its queue pollers: about 50 ms a second): what it used in 3 idle seconds before
     * the loads, scaled to each load's length, is taken off, so a slower run does not look costlier.
     */
    const idleStart = cloudCpu();
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    const idleEnd = cloudCpu();
    const measured = async (name: string, url: string) => {
      const before = cloudCpu();
      const started = performance.now();
      const result = await httpLoad(name, Array(REQUESTS).fill(url), visitor, options);
      const seconds = (performance.now() - started) / 1000;
      const after = cloudCpu();
      const used = (pick: (cpu: ReturnType<typeof cloudCpu>) => number | null) => {
        const [idle0, idle1, start, end] = [pick(idleStart), pick(idleEnd), pick(before), pick(after)];
        if (idle0 === null || idle1 === null || start === null || end === null) return null;
        return Math.max(0, end - start - ((idle1 - idle0) / IDLE_SECONDS) * seconds) / REQUESTS;
      };
      const client = result.clientCpuMs === null ? null : result.clientCpuMs / REQUESTS;
      return { ...result, cpu: [used((cpu) => cpu.gateway), client, used((cpu) => cpu.children)] };
    };
    // Warm both paths before measuring: the handler's first import, the link's first read, and enough requests for
    // the JIT to have compiled each path's hot code.
    await httpLoad('warm-up', Array(WARM_UP).fill(redirectUrl), visitor, options);
    await httpLoad('warm-up', Array(WARM_UP).fill(staticUrl), visitor, options);
    const redirect = await measured(`store redirect (${CONCURRENCY} clients)`, redirectUrl);
    const baseline = await measured(`static file, same gateway (${CONCURRENCY} clients)`, staticUrl);
    printResults('Smart link redirects beside a static file', [redirect, baseline]);
    console.log('\nCPU ms per request (Linux; hardly moved by other work on the machine, unlike latency)');
    console.log('case'.padEnd(46), ' gateway', '  client', 'DynamoDB+');
    for (const { name, cpu } of [redirect, baseline])
      console.log(name.padEnd(46), ...cpu.map((ms) => (ms === null ? '-' : ms.toFixed(3)).padStart(8)));

    // The counts are written after each answer: wait (bounded) until they have all landed.
    const expected = REQUESTS + WARM_UP;
    let clicks = 0;
    for (const started = Date.now(); Date.now() - started < 60_000; ) {
      clicks = (await api('GET', `/smart_links/${id}`)).body.analytics.clicks as number;
      if (clicks >= expected) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    console.log(`Clicks counted ${clicks} of ${expected} redirects (warm-up included); goal redirect p95 ≤ 50 ms`);
    console.log(
      `clicks=${clicks - WARM_UP} redirect_p95_ms=${redirect.p95.toFixed(1)} static_p95_ms=${baseline.p95.toFixed(1)}`,
    );
  } finally {
    await stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
