/**
 * `npm run bench:finances [-- --lines 1000000]` or `BENCH_LINES=1000000 npm run bench:finances`
 * Imports a half-year sales report (10,000,000 lines by default, the
 * royalties bench's generator and catalogue: one label, 5,000 recordings) through the drop folder,
 * then times the finances calls — a label's finances, accounting and chart, the company's finances
 * — and the dashboard calls (user_dashboard, dashboard counts) at 20 concurrent clients, beside the
 * auth floor (GET /me) under the same load in the same run. The figures come from the ledger's
 * aggregates, so the calls should cost a few DynamoDB reads above the floor whatever the ledger's size.
 * The last line is exactly:
 *   lines=N finances_p95_ms=X dashboard_p95_ms=Y floor_p95_ms=Z
 * Goals on 2 cores: finances p95 ≤ 300 ms, dashboard p95 ≤ 200 ms.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { benchCloud, httpLoad } from './bench-harness.js';
import { createBenchMap, importThroughDropFolder, seedCatalogue, writeReport } from './royalty-fixture.js';

const argLines = process.argv.indexOf('--lines');
const LINES = argLines > 0 ? Number(process.argv[argLines + 1]) : Number(process.env.BENCH_LINES ?? 10_000_000);
const REQUESTS = 200;
const RANGES = ['start_date=2026-01-01&end_date=2026-06-30', 'start_date=2026-04-01&end_date=2026-06-30', 'year=2026'];

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'finances-bench-'));
  const { cloud, db, companyId, headers, stop } = await benchCloud('Bench Finances');
  try {
    const { labelId } = await seedCatalogue(db, companyId);
    const sourceId = await createBenchMap(cloud.url, headers);
    const file = path.join(dir, 'report.csv');
    await writeReport(file, LINES);
    const imported = await importThroughDropFolder(db, companyId, sourceId, file);
    console.log(
      `Imported ${LINES.toLocaleString('en')} lines in ${imported.seconds.toFixed(1)} s (${imported.done.aggregates} aggregate items)`,
    );

    const api = `${cloud.url}/api/v1`;
    const financeRoutes = [
      (range: string) => `${api}/labels/${labelId}/finances?${range}`,
      (range: string) => `${api}/labels/${labelId}/accounting?${range}`,
      (range: string) => `${api}/labels/${labelId}/chart?${range}`,
      (range: string) => `${api}/finances?${range}`,
    ];
    const dashboardRoutes = [(range: string) => `${api}/user_dashboard?${range}`, () => `${api}/dashboard`];
    const urls = (routes: ((range: string) => string)[]) =>
      Array.from({ length: REQUESTS }, (_, i) => routes[i % routes.length](RANGES[i % RANGES.length]));

    // A first answer checks the figures are there (and warms the process's cube once).
    const first = await fetch(`${api}/labels/${labelId}/finances?${RANGES[0]}`, { headers });
    if (!first.ok) throw new Error(`finances: ${first.status} ${await first.text()}`);
    const { finances } = (await first.json()) as { finances: { totals: { revenue: string; lines: number } } };
    console.log(`Label finances: ${finances.totals.lines} lines, revenue ${finances.totals.revenue}`);
    await httpLoad('warm-up', [...urls(financeRoutes).slice(0, 20), ...urls(dashboardRoutes).slice(0, 20)], headers);

    const financeLoad = await httpLoad('finances, accounting, chart', urls(financeRoutes), headers);
    const dashboardLoad = await httpLoad('user_dashboard, dashboard', urls(dashboardRoutes), headers);
    const floor = await httpLoad(
      'baseline: auth floor GET /me',
      Array.from({ length: REQUESTS }, () => `${api}/me`),
      headers,
    );
    for (const r of [financeLoad, dashboardLoad, floor])
      console.log(
        `${r.name}: p50 ${r.p50.toFixed(0)} ms, p95 ${r.p95.toFixed(0)} ms (${r.rps.toFixed(1)} req/s, ${r.requests} requests at 20 clients)`,
      );
    console.log(
      `Goals: finances p95 ≤ 300 ms: ${financeLoad.p95 <= 300 ? 'met' : 'NOT met'}; dashboard p95 ≤ 200 ms: ${dashboardLoad.p95 <= 200 ? 'met' : 'NOT met'}`,
    );
    console.log(
      `lines=${LINES} finances_p95_ms=${Math.round(financeLoad.p95)} dashboard_p95_ms=${Math.round(dashboardLoad.p95)} floor_p95_ms=${Math.round(floor.p95)}`,
    );
  } finally {
    await stop();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
