/**
 * Markdown as the studio renders it everywhere: GitHub's flavour (tables, task lists, strikethrough,
 * autolinks, as the docs people keep beside code are written) and no raw HTML, so text a workspace
 * file or an AI wrote cannot run script here.
 */
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';

const PLUGINS = [remarkGfm];

export function MarkdownText({ children }: { children: string }) {
  return <Markdown remarkPlugins={PLUGINS}>{children}</Markdown>;
}
