import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { FILE_SECONDS, recordedFileSeconds } from './longest-first-sequencer.js';

type Span = { first: number; last: number; files: number; own: number };

/**
 * Prints, after every run, how long each project took: its wall-clock span (first file started to
 * last file finished; projects overlap, so the spans do not add up) and its files' own time (import
 * plus tests), and when its first file started after the run began (what came before it: the global setup's SPA build
 * and cloud start). It is how `npm test` shows where its minutes go without a separate profiling run.
 * With WRITE_FILE_SECONDS=1 it also records each file's seconds for the longest-first order (longest-first-sequencer.ts).
 */
export default class ProjectTimesReporter implements Reporter {
  private readonly started = Date.now();
  private readonly spans = new Map<string, Span>();
  private readonly fileSeconds = new Map<string, number>();

  onTestModuleStart(module: TestModule) {
    const span = this.spanOf(module);
    span.first = Math.min(span.first, Date.now());
  }

  onTestModuleEnd(module: TestModule) {
    const span = this.spanOf(module);
    const diagnostic = module.diagnostic();
    span.last = Math.max(span.last, Date.now());
    span.files += 1;
    span.own += diagnostic.collectDuration + diagnostic.duration;
    const seconds = Math.round((diagnostic.collectDuration + diagnostic.duration) / 100) / 10;
    this.fileSeconds.set(path.relative(module.project.config.root, module.moduleId), seconds);
  }

  onTestRunEnd() {
    if (process.env.WRITE_FILE_SECONDS === '1') this.recordFileSeconds();
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const lines = [...this.spans].map(
      ([name, span]) =>
        `  ${name.padEnd(24)} ${seconds(span.last - span.first).padStart(9)}  (from +${seconds(span.first - this.started)}; ${span.files} files, ${seconds(span.own)} of their own)`,
    );
    console.log(
      [
        '',
        'Time by project (wall-clock span):',
        ...lines,
        `  ${'all'.padEnd(24)} ${seconds(Date.now() - this.started).padStart(9)}`,
      ].join('\n'),
    );
  }

  /** Merged into the file (a run of some files updates theirs only), files that are gone left out, sorted by path. */
  private recordFileSeconds() {
    const all = recordedFileSeconds();
    for (const [file, seconds] of this.fileSeconds) all[file] = seconds;
    const sorted = Object.fromEntries(
      Object.entries(all)
        .filter(([file]) => existsSync(file))
        .sort(([a], [b]) => a.localeCompare(b)),
    );
    writeFileSync(FILE_SECONDS, `${JSON.stringify(sorted, null, 1)}\n`);
  }

  private spanOf(module: TestModule): Span {
    const name = module.project.name || 'default';
    let span = this.spans.get(name);
    if (!span) {
      span = { first: Number.POSITIVE_INFINITY, last: 0, files: 0, own: 0 };
      this.spans.set(name, span);
    }
    return span;
  }
}
