/**
 * An ElectroDB operation (a read or a transaction) whose `go` first waits for `before`: a test that runs the product
 * in its own process uses it to make a race certain, another request landing at exactly that step.
 */
export function goAfter<T extends object>(
  operation: T & { go: (options?: never) => unknown },
  before: () => unknown,
): T {
  return Object.assign(Object.create(operation), {
    go: async (options?: object) => {
      await before();
      return operation.go(options as never);
    },
  });
}
