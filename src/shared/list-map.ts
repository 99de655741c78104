/** Maps of lists, built item by item. Pure, for the core and the renderer alike. */

/** Appends `item` to the list kept under `key`, making the list on its first item. */
export function pushTo<K, V>(lists: Map<K, V[]>, key: K, item: V): void {
  const list = lists.get(key);
  if (list) list.push(item);
  else lists.set(key, [item]);
}
