/** How a view finds the thing a link names: by its id, else its name in any case. */

/** The first of `items` whose id is `target`, else whose name (any case) is; `names` lists what to compare. */
export function findByIdOrName<T extends { id: string }>(items: Iterable<T>, target: string, names: (item: T) => readonly string[]): T | undefined {
  const wanted = target.trim();
  const lower = wanted.toLowerCase();
  let named: T | undefined;
  for (const item of items) {
    if (item.id === wanted) return item;
    if (!named && names(item).some((name) => name.toLowerCase() === lower)) named = item;
  }
  return named;
}

/** A few of the names there are, for the suggestion of a link that found nothing. */
export function someNames(names: readonly string[], most = 6): string {
  if (!names.length) return 'none';
  return names.length > most ? `${names.slice(0, most).join(', ')}, …` : names.join(', ');
}
