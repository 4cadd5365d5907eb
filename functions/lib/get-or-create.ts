/** A memo's entry for `key`, created with `create` and remembered the first time it is asked for. */
export function getOrCreate<K, V>(
  memo: { get(key: K): V | undefined; set(key: K, value: V): unknown },
  key: K,
  create: () => V,
): V {
  const known = memo.get(key);
  if (known !== undefined) return known;
  const value = create();
  memo.set(key, value);
  return value;
}
