/**
 * A value made once per process (or worker thread) and shared by every caller: a database, a key read from a
 * secret, a folder, fonts read from disk. Callers that come while it is being made wait for the same making.
 *
 * A failure is not kept: the next caller makes it again. Kept, one transient failure (a full disk, a secret read
 * that timed out) would fail every later request of a long-lived process until it restarts, though nothing is
 * wrong any more.
 */
export function madeOnce<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make().catch((error: unknown) => {
      made = undefined;
      throw error;
    });
    return made;
  };
}

/** Promises kept by key: a Map, or a WeakMap keyed by the object they are made for. */
type PromiseMemo<K, V> = {
  get(key: K): Promise<V> | undefined;
  set(key: K, value: Promise<V>): unknown;
  delete(key: K): unknown;
};

/**
 * madeOnce by key: `memo`'s promise for `key`, made on the first ask and shared by every ask after it; a making that
 * fails is removed, so the next ask makes it again. With `max` (a Map's), the oldest entry goes first when the memo
 * is full (a Map keeps insertion order).
 */
export function madeOnceFor<K, V>(memo: PromiseMemo<K, V>, key: K, make: () => Promise<V>, max?: number): Promise<V> {
  const known = memo.get(key);
  if (known) return known;
  if (max !== undefined && memo instanceof Map && memo.size >= max) {
    const oldest = memo.keys().next().value;
    if (oldest !== undefined) memo.delete(oldest);
  }
  const made = make();
  memo.set(key, made);
  made.catch(() => memo.delete(key));
  return made;
}
