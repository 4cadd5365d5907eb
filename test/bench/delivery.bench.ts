/**
 * `npm run bench:delivery` (a benchmark, not a timed test):
 * - ERN half: a 30-track album's DDEX ERN 4.3 message built and validated against the 4.3 schema
 *   (libxml2-wasm) RUNS times, after one warm-up (the schema's first load is reported apart);
 *   every message must be valid, goal p95 ≤ 500 ms on 2 cores.
 * - Batch half: 100 releases delivered by the workers to the local SFTP endpoint, goal ≤ 60 s —
 *   `batchSeconds` below, which the deliveries slice fills in (until then it prints batch_s=NA).
 * Last line exactly: `releases=N ern_valid=V/N ern_p95_ms=X batch_s=Y`.
 */
import { buildNewReleaseMessage } from '../../functions/deliveries/ern/build-message.js';
import { validateErn } from '../../functions/deliveries/ern/validate.js';
import { ernRelease, TEST_RECIPIENT, TEST_SENDER } from '../support/ern-release.js';
import { percentile } from './bench-harness.js';

// As many messages as the batch half delivers releases, so N is one number on the last line.
const RUNS = Number(process.env.ERN_RUNS ?? 100);
const TRACKS = 30;

/** Builds and validates one album's message; its milliseconds and whether it was valid. */
async function ernOnce(run: number): Promise<{ ms: number; valid: boolean; bytes: number }> {
  const release = ernRelease(TRACKS, { id: `bench-${run}`, title: `Bench Album ${run} — “Ünïcødé” & <friends> 🎧` });
  const started = performance.now();
  const xml = buildNewReleaseMessage(release, {
    action: run % 10 === 9 ? 'takedown' : 'insert',
    messageId: `BENCH-${run}`,
    createdAt: new Date().toISOString(),
    sender: TEST_SENDER,
    recipient: TEST_RECIPIENT,
  });
  const result = await validateErn(xml);
  const ms = performance.now() - started;
  if (!result.valid) console.error(`run ${run}: ${result.firstError}`);
  return { ms, valid: result.valid, bytes: Buffer.byteLength(xml) };
}

/**
 * The batch half (deliveries slice): seconds for the workers to deliver 100 releases to the local
 * SFTP endpoint, or null while it is not built. Replace the body; keep the signature.
 */
async function batchSeconds(): Promise<{ releases: number; seconds: number } | null> {
  const { deliverReleases } = await import('./delivery-batch.js');
  const batch = await deliverReleases(Number(process.env.BATCH_RELEASES ?? 100));
  return { releases: batch.releases, seconds: batch.seconds };
}

async function main() {
  const cold = await ernOnce(-1);
  console.log(`First message (schema load included): ${cold.ms.toFixed(0)} ms, ${(cold.bytes / 1024).toFixed(0)} KiB`);
  const times: number[] = [];
  let valid = 0;
  for (let run = 0; run < RUNS; run++) {
    const result = await ernOnce(run);
    times.push(result.ms);
    if (result.valid) valid++;
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  console.log(
    `ERN build + validate, ${TRACKS}-track album × ${RUNS}: p50 ${percentile(times, 50).toFixed(1)} ms, ` +
      `p95 ${p95.toFixed(1)} ms, max ${(times.at(-1) ?? 0).toFixed(1)} ms (goal p95 ≤ 500 ms); valid ${valid}/${RUNS}`,
  );
  const batch = await batchSeconds();
  const releases = batch?.releases ?? RUNS;
  console.log(
    `releases=${releases} ern_valid=${valid}/${RUNS} ern_p95_ms=${p95.toFixed(0)} batch_s=${batch ? batch.seconds.toFixed(1) : 'NA'}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
