/**
 * Finance answers computed from versioned inputs only (the cube for the ledger's version, the
 * money records and the labels' and releases' lists for theirs), held per process for exactly
 * those versions and arguments: twenty clients asking for the same label and range add up the
 * cube once. A write moves a version, so the next call has a new key and computes afresh; old
 * keys age out. At most 300 answers (a view is some tens of kB), least recently used first out.
 * A failed computation (not found, say) is not kept. Answers are shared: never change one.
 */
const MAX_ANSWERS = 300;
const answers = new Map<string, Promise<unknown>>();

/**
 * The answer for `parts` (which must name every input the answer depends on, versions
 * included), computed once. Without every version known (`undefined` among them), it is
 * computed every time.
 */
export function memoAnswer<T>(parts: readonly (string | undefined)[], compute: () => Promise<T>): Promise<T> {
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
    if (answers.size <= MAX_ANSWERS) break;
    answers.delete(oldest);
  }
  return pending;
}
