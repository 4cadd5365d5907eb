import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Each file's seconds in a recent full run, by path from the repo's root (written by project-times-reporter.ts). */
export const FILE_SECONDS = path.join(import.meta.dirname, 'file-seconds.json');

/** The recorded seconds, none when the file is missing or unreadable. */
export const recordedFileSeconds = (): Record<string, number> => {
  try {
    return JSON.parse(readFileSync(FILE_SECONDS, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
};

/**
 * Starts the longest files first, by the seconds a recent full run recorded, so the run does not end with one worker
 * busy on a three-minute file while the others wait. Vitest does this itself from its cache, but a clean clone (as CI
 * has) has no cache and ran the files in name order. A file with no record yet (a new one) goes first, as vitest's own
 * order does; projects and group order stay as vitest orders them.
 */
export default class LongestFirstSequencer extends BaseSequencer {
  private readonly seconds = recordedFileSeconds();

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const secondsOf = (file: TestSpecification) =>
      this.seconds[path.relative(root, file.moduleId)] ?? Number.POSITIVE_INFINITY;
    return [...files].sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        a.project.name.localeCompare(b.project.name) ||
        // Two new files give Infinity - Infinity (NaN): they keep their order.
        secondsOf(b) - secondsOf(a) ||
        0,
    );
  }
}
