/**
 * Answers computed from versioned inputs only, held per process for exactly those versions and
 * arguments: twenty clients asking for the same view compute it once. A write moves a version,
 * so the next call has a new key and computes afresh; old keys age out, least recently used
 * first. A failed computation (not found, say) is not kept. Answers are shared: never change one.
 */
export type AnswerMemo = <T>(parts: readonly (string | undefined)[], compute: () => Promise<T>) => Promise<T>;

/**
 * A memo of at most `max` answers. Call it with `parts` naming every input the answer depends
 * on, versions included; without every version known (`undefined` among them), the answer is
 * computed every time.
 */
export function answerMemo(max: number): AnswerMemo {
  const answers = new Map<string, Promise<unknown>>();
  return <T>(parts: readonly (string | undefined)[], compute: () => Promise<T>): Promise<T> => {
    if (parts.some((part) => part === undefined)) return compute();
    const key = parts.join('\u0000');
    const hit = answers.get(key) as Promise<T> | undefined;
    if (hit) {
      answers.delete(key);
      answers.set(key, hit);
      return hit;
    }
    const pending = compute();
    answers.set(key, pending);
    pending.catch(() => answers.delete(key));
    for (const oldest of answers.keys()) {
      if (answers.size <= max) break;
      answers.delete(oldest);
    }
    return pending;
  };
}

/**
 * The finance views' memo (finances-view.ts, label-accounting.ts): the cube for the ledger's
 * version, the money records and the labels' and releases' lists for theirs. A view is some
 * tens of kB: at most 300.
 */
export const memoAnswer = answerMemo(300);
