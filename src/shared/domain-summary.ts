/**
 * How a domain describes itself for the project map (the context domain's manifest, issue 11):
 * what it holds (documents, files, sessions, systems, ...) each in one line, and a few totals.
 * Every domain gives one, through its own hook (FcpDomain.summarize, ToolDomain.summary); the
 * Studio gathers them (Studio.summaries) and a tool domain reads them all with host.summaries(),
 * so no domain imports another. Shared with the renderer, which shows the map.
 */

/** One thing a domain holds, as the map lists it. */
export interface SummaryItem {
  /** What it is, in the domain's words: `document`, `file`, `session`, `system`, `task`. */
  kind: string;
  name: string;
  /** Workspace-relative path (forward slashes), for things that are files or folders. */
  path?: string;
  /** One line saying what it is or holds, e.g. `12 shapes, 9 edges on 1 page`. */
  summary: string;
  /** Where it stands, e.g. `open`, `unsaved changes`, `running`, `last run passed 12/12`. */
  state?: string;
}

/** What a domain's own hook answers: its items and totals (the host adds its name and title). */
export interface DomainSummaryPart {
  items: SummaryItem[];
  /** Totals worth a glance, e.g. `{ files: 3, shapes: 40 }` or `{ open: 4, done: 9 }`. */
  counts?: Record<string, number>;
}

export interface DomainSummary {
  domain: string;
  /** The domain's one-line title. */
  title: string;
  /** At most MAX_SUMMARY_ITEMS; `counts` keeps the totals. */
  items: SummaryItem[];
  counts: Record<string, number>;
  /** Items left out past MAX_SUMMARY_ITEMS. */
  omitted?: number;
  /** Set when the domain could not describe itself; its items are then empty. */
  error?: string;
}

/** Items kept per domain in a summary, so that the map stays readable (and fast) on big workspaces. */
export const MAX_SUMMARY_ITEMS = 200;

/** A domain's part with its name and title, its items bounded. */
export function domainSummary(domain: string, title: string, part: DomainSummaryPart): DomainSummary {
  const items = part.items.slice(0, MAX_SUMMARY_ITEMS);
  const omitted = part.items.length - items.length;
  return { domain, title, items, counts: { ...(part.counts ?? {}) }, ...(omitted > 0 ? { omitted } : {}) };
}

/** The summary of a domain whose hook failed: listed all the same, with why. */
export function failedSummary(domain: string, title: string, err: unknown): DomainSummary {
  return { domain, title, items: [], counts: {}, error: (err as Error)?.message ?? String(err) };
}
