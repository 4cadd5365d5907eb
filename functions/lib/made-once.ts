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
