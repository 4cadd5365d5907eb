import { VersionedCache } from './versioned-cache.js';

/**
 * Answers computed from versioned inputs only, held per process for exactly those versions and
 * arguments: twenty clients asking for the same view compute it once. A write moves a version,
 * so the next call has a new key and computes afresh; old keys age out, least recently used
 * first. A failed computation (not found, say) is not kept (lib/versioned-cache.ts). Answers are
 * shared: never change one.
 */
export type AnswerMemo = <T>(parts: readonly (string | undefined)[], compute: () => Promise<T>) => Promise<T>;

/** The versions are among the key's parts: the cache's own version slot is always this. */
const ANY_VERSION = '';

/**
 * A memo of at most `max` answers. Call it with `parts` naming every input the answer depends
 * on, versions included; without every version known (`undefined` among them), the answer is
 * computed every time.
 */
export function answerMemo(max: number): AnswerMemo {
  const answers = new VersionedCache<unknown>({ entries: max });
  return <T>(parts: readonly (string | undefined)[], compute: () => Promise<T>): Promise<T> => {
    if (parts.some((part) => part === undefined)) return compute();
    return answers.get(parts.join('\u0000'), ANY_VERSION, compute) as Promise<T>;
  };
}

/**
 * The finance views' memo (finances-view.ts, label-accounting.ts): the cube for the ledger's
 * version, the money records and the labels' and releases' lists for theirs. A view is some
 * tens of kB: at most 300.
 */
export const memoAnswer = answerMemo(300);
