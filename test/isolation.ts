/**
 * Proof that the integration and end-to-end files stand alone: the integration project runs in three
 * shuffled orders (fixed seeds, so a failure can be replayed), then each file runs alone against a
 * fresh cloud. A file that passes only after, or only before, another file shows up here and not in
 * `npm test`'s one fixed order.
 *
 *   npm run test:isolation                      three shuffled runs, then a sample of 8 files alone
 *   npm run test:isolation -- --all             every file alone
 *   npm run test:isolation -- --sample=12       12 files alone (chosen by --pick-seed, printed)
 *   npm run test:isolation -- --no-shuffle      skip the shuffled runs
 *   npm run test:isolation -- --files-only      shuffle the files only, each file's tests in their written order
 *   npm run test:isolation -- --parallel=2      run two files alone at once (each on a cloud of its own); their
 *                                               output is kept in a log per file, printed for a file that fails
 *   npm run test:isolation -- test/e2e/x.test.ts test/integration/y.test.ts
 *                                               only these files: shuffled among themselves, then each alone
 *
 * The shuffled runs shuffle the files and the tests inside each file (`--sequence.shuffle`): no test may
 * lean on what another test of its file made or changed. A browser journey's tests are one user's steps in
 * one page and say so with the `JOURNEY` suite option (test/support/browser.ts), which keeps them in their
 * written order.
 *
 * Replay a failing order with the command it prints (`npx vitest run --project 'integration*'
 * --sequence.shuffle --sequence.seed=<n>`).
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildWebIfStale } from '../infra/local/web-build.js';

const root = path.resolve(import.meta.dirname, '..');
const SEEDS = [27, 4242, 90210];
const DEFAULT_SAMPLE = 8;
/**
 * A run's limit: the whole project shuffled takes about 17 minutes on 2 cores, the longest file alone about 4. A run
 * whose file failed was seen to stay up after writing its report (vitest with the JSON reporter and a failed test,
 * 2026-12-04), which held the script for good; ended here, it counts as failed.
 */
const SHUFFLED_LIMIT_MS = 45 * 60_000;
const ALONE_LIMIT_MS = 15 * 60_000;

type Run = { label: string; command: string; ok: boolean; failedFiles: string[]; seconds: number };

function parseArgs(argv: string[]) {
  const options = {
    all: false,
    sample: DEFAULT_SAMPLE,
    pickSeed: Date.now() % 100_000,
    shuffle: true,
    filesOnly: false,
    parallel: 1,
  };
  const files: string[] = [];
  for (const arg of argv) {
    if (arg === '--all') options.all = true;
    else if (arg === '--no-shuffle') options.shuffle = false;
    else if (arg === '--files-only') options.filesOnly = true;
    else if (arg.startsWith('--sample=')) options.sample = Number(arg.slice('--sample='.length));
    else if (arg.startsWith('--pick-seed=')) options.pickSeed = Number(arg.slice('--pick-seed='.length));
    else if (arg.startsWith('--parallel=')) options.parallel = Number(arg.slice('--parallel='.length));
    else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`);
    else files.push(path.relative(root, path.resolve(arg)));
  }
  if (!Number.isInteger(options.sample) || options.sample < 1) throw new Error('--sample must be a whole number ≥ 1');
  if (!Number.isInteger(options.parallel) || options.parallel < 1)
    throw new Error('--parallel must be a whole number ≥ 1');
  return { ...options, files };
}

/** The integration project's files, as its include patterns name them. */
function projectFiles(): string[] {
  return ['test/integration', 'test/e2e'].flatMap((folder) =>
    readdirSync(path.join(root, folder))
      .filter((name) => name.endsWith('.test.ts'))
      .sort()
      .map((name) => `${folder}/${name}`),
  );
}

/** A repeatable pick of `count` files (a small linear congruential generator over the seed). */
function sample(files: string[], count: number, seed: number): string[] {
  const pool = [...files];
  let state = seed >>> 0 || 1;
  const next = () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, count).sort();
}

/** The runs' environment: libuv's thread pool as `npm test` sizes it (docs/local-cloud.md says why). */
const childEnv = { ...process.env, UV_THREADPOOL_SIZE: process.env.UV_THREADPOOL_SIZE ?? '32' };

/**
 * Runs vitest once and reads its JSON report for the files that failed. `quiet`: its output goes to a log of its own
 * (runs side by side would interleave theirs), printed only when the run fails. A run past `limitMs` is ended.
 */
async function vitest(
  label: string,
  args: string[],
  { quiet = false, env = childEnv, limitMs = SHUFFLED_LIMIT_MS } = {},
): Promise<Run> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'isolation-'));
  const report = path.join(dir, 'report.json');
  const fullArgs = [
    'vitest',
    'run',
    // Both projects against the cloud: the API files and the one-at-a-time browser and restart files.
    '--project',
    'integration*',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ];
  const command = `npx ${fullArgs.filter((a) => !a.startsWith('--reporter') && !a.startsWith('--outputFile')).join(' ')}`;
  if (!quiet) console.log(`\n▶ ${label}\n  ${command}`);
  const started = Date.now();
  const log = path.join(dir, 'output.log');
  const output = quiet ? openSync(log, 'w') : 'inherit';
  let timedOut = false;
  const status = await new Promise<number | null>((resolve) => {
    // A group of its own, so a run that outlives its limit is ended with its cloud and browsers.
    const child = spawn('npx', fullArgs, { cwd: root, env, detached: true, stdio: ['ignore', output, output] });
    const limit = setTimeout(() => {
      timedOut = true;
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    }, limitMs);
    const settle = (code: number | null) => {
      clearTimeout(limit);
      resolve(code);
    };
    child.on('exit', settle);
    child.on('error', () => settle(null));
  });
  if (typeof output === 'number') closeSync(output);
  const seconds = Math.round((Date.now() - started) / 1000);
  let failedFiles: string[] = [];
  try {
    const parsed = JSON.parse(readFileSync(report, 'utf8')) as {
      testResults: { name: string; status: string }[];
    };
    failedFiles = parsed.testResults.filter((r) => r.status !== 'passed').map((r) => path.relative(root, r.name));
  } catch {
    // No report: vitest stopped before any file ran (the global setup failed), which the exit code says.
  }
  const ok = status === 0;
  if (quiet) console.log(`${ok ? '✔' : '✘'} ${label} (${seconds} s)${ok ? '' : `\n${readFileSync(log, 'utf8')}`}`);
  rmSync(dir, { recursive: true, force: true });
  if (timedOut) failedFiles.push(`(the run outlived ${limitMs / 60_000} minutes and was ended)`);
  if (!ok && failedFiles.length === 0) failedFiles = ['(no file report: the run itself failed)'];
  return { label, command, ok, failedFiles, seconds };
}

/** Each file alone, `parallel` at a time (each run starts a cloud of its own on free ports), in the files' order. */
async function eachAlone(files: string[], parallel: number): Promise<Run[]> {
  // Runs side by side would each build a stale web app into the one web/dist: it is built once, before them.
  if (parallel > 1) buildWebIfStale(root);
  const env = parallel > 1 ? { ...childEnv, SKIP_WEB_BUILD: '1' } : childEnv;
  const runs: Run[] = [];
  let next = 0;
  const lane = async () => {
    while (next < files.length) {
      const index = next++;
      runs[index] = await vitest(`alone: ${files[index]}`, [files[index]], {
        quiet: parallel > 1,
        env,
        limitMs: ALONE_LIMIT_MS,
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, files.length) }, lane));
  return runs;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const all = projectFiles();
  for (const file of options.files)
    if (!all.includes(file)) throw new Error(`${file} is not an integration or end-to-end test file`);
  const alone = options.files.length
    ? options.files
    : options.all
      ? all
      : sample(all, Math.min(options.sample, all.length), options.pickSeed);
  const runs: Run[] = [];
  if (options.shuffle)
    for (const seed of SEEDS)
      runs.push(
        await vitest(`shuffled order, seed ${seed}`, [
          options.filesOnly ? '--sequence.shuffle.files' : '--sequence.shuffle',
          `--sequence.seed=${seed}`,
          ...options.files,
        ]),
      );
  if (!options.all && !options.files.length)
    console.log(
      `\nFiles alone: a sample of ${alone.length} of ${all.length} (--pick-seed=${options.pickSeed}; --all for every file)`,
    );
  if (options.parallel > 1) console.log(`\nFiles alone, ${options.parallel} at a time:`);
  runs.push(...(await eachAlone(alone, options.parallel)));

  console.log('\n══ Isolation summary ══');
  for (const run of runs) {
    console.log(`${run.ok ? '✔' : '✘'} ${run.label} (${run.seconds} s)`);
    if (!run.ok) {
      for (const file of run.failedFiles) console.log(`    failed: ${file}`);
      console.log(`    replay: ${run.command}`);
    }
  }
  const failed = runs.filter((run) => !run.ok);
  console.log(
    failed.length ? `\n${failed.length} of ${runs.length} runs failed.` : `\nAll ${runs.length} runs passed.`,
  );
  process.exitCode = failed.length ? 1 : 0;
}

await main();
