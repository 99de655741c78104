/** HTTP headers as `name: value` lines (a repeated header's values joined), for requests and responses. */
export function HeaderList({ headers }: { headers?: Record<string, string | string[] | undefined> }) {
  const entries = Object.entries(headers ?? {}).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return null;
  return (
    <dl className="header-list">
      {entries.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{Array.isArray(value) ? value.join(', ') : value}</dd>
        </div>
      ))}
    </dl>
  );
}
