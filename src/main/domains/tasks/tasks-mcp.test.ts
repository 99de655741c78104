/**
 * The tasks toolset through `tandem mcp`, as Claude Desktop uses it: the BUILT cli, a core the
 * bridge starts, the SDK's stdio client. Every tool, every resource and template, a subscription
 * told of another client's change, the prompts, and an acknowledged add_todo surviving kill -9.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { type CallToolResult, McpError, ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { tasksDomain } from './index';
import { isAlive, waitFor } from '../../mcp/test-fixtures';
import { Harness, readEndpointFile } from '../../cli/test-harness';

const harness = new Harness();
afterEach(() => harness.cleanup());

const corePid = (ws: string) => waitFor(() => readEndpointFile(ws)?.pid, 15_000, 'a core to announce itself');
const TOOLS = tasksDomain.tools.filter((t) => !t.studioOnly).map((t) => t.name);

/** A tool's answer: structuredContent (checked against its JSON text), or the error of a failed call. */
async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<any> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const body = JSON.parse((result.content[0] as { text: string }).text);
  if (result.isError) return body;
  expect(body).toEqual(result.structuredContent);
  return result.structuredContent;
}

const read = async (client: Client, uri: string) => JSON.parse(((await client.readResource({ uri })).contents[0] as { text: string }).text);

describe('tandem mcp with the tasks toolset', () => {
  it('offers and answers every tool, resource, template and prompt, and tells subscribers of another client\'s change', async () => {
    const ws = harness.tempWorkspace();
    const { client } = await harness.bridgeClient(ws, 'claude-ai', {}, ['--toolsets', 'tasks']);
    await corePid(ws);
    const { client: other } = await harness.bridgeClient(ws, 'other-agent', {}, ['--toolsets', 'tasks']);

    const { tools } = await client.listTools();
    // The board's chat view brings the two tools only views call.
    expect(tools.map((t) => t.name)).toEqual([...TOOLS, 'tandem_view_changes', 'tandem_view_select']);
    for (const tool of tools) expect(tool.outputSchema, tool.name).toMatchObject({ type: 'object' });
    expect(tools.find((t) => t.name === 'add_todo')!.inputSchema).toMatchObject({ required: ['description'], properties: { priority: { enum: ['low', 'medium', 'high'] } } });
    expect(client.getServerCapabilities()?.resources).toMatchObject({ subscribe: true });

    // CRUD
    const project = (await call(client, 'add_project', { name: 'website' })).project;
    const todo = (await call(client, 'add_todo', { description: 'Fix the login redirect', project_id: 'website', priority: 'low', tags: ['bug'], due_date: '2001-02-03' })).todo;
    expect(todo).toMatchObject({ project_id: project.id, due_date: '2001-02-03', overdue: true, updated_by: 'claude-ai' });
    const short = todo.id.slice(0, 8);
    const big = (await call(client, 'add_todo', { description: 'Launch the site', notes: '- [ ] write copy\n- [ ] update docs' })).todo;
    expect((await call(client, 'list_todos', { project_id: 'website' })).todos.map((t: any) => t.id)).toEqual([todo.id]);
    expect((await call(client, 'list_projects')).projects.map((p: any) => p.name)).toEqual(['default', 'website']);
    expect((await call(client, 'update_todo', { todo_id: short, notes: 'after OAuth' })).changed).toEqual(['notes']);
    expect((await call(client, 'add_tag_to_todo', { todo_id: short, tag_name: 'auth' })).todo.tags).toEqual(['auth', 'bug']);
    expect((await call(client, 'remove_tag_from_todo', { todo_id: short, tag_name: 'auth' })).todo.tags).toEqual(['bug']);
    // Workflow
    expect((await call(client, 'breakdown_task', { todo_id: big.id.slice(0, 6) })).subtasks.map((s: any) => s.description)).toEqual(['write copy', 'update docs']);
    expect(await call(client, 'analyze_workload')).toMatchObject({ pending: 2, overdue: 1 });
    expect((await call(client, 'generate_status', { time_range: 'today' })).markdown).toContain('## Pending (2)');
    expect((await call(client, 'find_related_tasks', { query: 'login' })).results.map((r: any) => r.todo.id)).toEqual([todo.id]);
    expect((await call(client, 'suggest_priorities')).suggestions).toEqual([expect.objectContaining({ todo_id: todo.id, current: 'low', suggested: 'high' })]);
    // Errors in the contract's shape, through the bridge.
    expect(await call(client, 'mark_done', { todo_id: 'abc123' })).toEqual({ error: { code: 'not_found', message: "Todo 'abc123' not found.", suggestion: 'Use list_todos to see available todos.' } });
    expect(await call(client, 'add_todo', { description: 'x', priority: 'urgent' })).toMatchObject({ error: { code: 'invalid_input' } });
    expect(await call(client, 'add_project', { name: 'WEBSITE' })).toMatchObject({ error: { code: 'conflict' } });

    // Resources and templates
    expect((await client.listResources()).resources.map((r) => r.uri)).toEqual([
      'toki://projects',
      'toki://todos',
      'toki://todos/pending',
      'toki://todos/overdue',
      'toki://todos/high-priority',
      'toki://stats',
      'ui://tandem/tasks/board',
    ]);
    expect((await client.listResourceTemplates()).resourceTemplates.map((r) => r.uriTemplate)).toEqual([
      'toki://projects/{project_id}/todos',
      'toki://query{?project,priority,done,tag,overdue,cursor}',
    ]);
    const counts: Record<string, number> = {
      'toki://projects': 2,
      'toki://todos': 2,
      'toki://todos/pending': 2,
      'toki://todos/overdue': 1,
      'toki://todos/high-priority': 0,
      'toki://projects/website/todos': 1,
      [`toki://projects/${project.id.slice(0, 6)}/todos`]: 1,
      'toki://query?tag=bug': 1,
      'toki://query?done=false&project=default': 1,
    };
    for (const [uri, count] of Object.entries(counts)) {
      const answer = await read(client, uri);
      expect(Object.keys(answer), uri).toEqual(['metadata', 'data', 'links']);
      expect(answer.metadata, uri).toMatchObject({ timestamp: expect.any(String), count, filters: expect.any(Object) });
      expect(answer.links.self, uri).toBe(uri);
    }
    expect((await read(client, 'toki://stats')).data).toMatchObject({ total: 2, pending: 2, overdue: 1 });
    const refused = await client.readResource({ uri: 'toki://query?priority=urgent' }).catch((err: McpError) => err);
    expect(refused).toMatchObject({ code: -32602, data: { error: { code: 'invalid_input' } } });

    // Another client's change reaches a subscriber, through both bridges and the core.
    const updated: string[] = [];
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updated.push(n.params.uri));
    await client.subscribeResource({ uri: 'toki://todos/pending' });
    await client.subscribeResource({ uri: 'toki://query?tag=bug' });
    expect((await call(other, 'mark_done', { todo_id: short })).todo).toMatchObject({ done: true, updated_by: 'other-agent' });
    await waitFor(() => updated.length >= 2, 10_000, 'resources/updated after the other client\'s change');
    expect(updated.sort()).toEqual(['toki://query?tag=bug', 'toki://todos/pending']);
    expect((await read(client, 'toki://todos/pending')).metadata.count).toBe(1);
    await call(other, 'mark_undone', { todo_id: short });
    await call(other, 'delete_todo', { todo_id: big.id });
    expect(await call(other, 'delete_project', { project_id: 'website' })).toMatchObject({ todos_deleted: 1 });

    // Prompts
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['plan-project', 'daily-review', 'sprint-planning', 'track-agent-work', 'coordinate-tasks', 'report-status']);
    expect(prompts.find((p) => p.name === 'report-status')!.arguments!.map((a) => a.name)).toEqual(['project', 'audience', 'time_range']);
    for (const prompt of prompts) {
      const got = await client.getPrompt({ name: prompt.name, arguments: {} });
      expect((got.messages[0].content as { text: string }).text.length, prompt.name).toBeGreaterThan(100);
    }
    const plan = await client.getPrompt({ name: 'plan-project', arguments: { project: 'mobile', goal: 'ship v1' } });
    expect((plan.messages[0].content as { text: string }).text).toMatch(/^Plan the project "mobile" whose goal is: ship v1\./);
  });

  it('keeps an acknowledged add_todo across a kill -9 of the core', async () => {
    const ws = harness.tempWorkspace();
    const { client } = await harness.bridgeClient(ws, 'claude-ai', {}, ['--toolsets', 'tasks']);
    const added = (await call(client, 'add_todo', { description: 'Survive the crash', tags: ['durable'] })).todo;
    const first = await corePid(ws);
    process.kill(first, 'SIGKILL');
    await waitFor(() => !isAlive(first), 5_000, 'the core to die');

    // The next call starts a new core on the same database.
    const listed = await call(client, 'list_todos', { tag: 'durable' });
    expect(listed.todos).toEqual([expect.objectContaining({ id: added.id, description: 'Survive the crash' })]);
    const second = await corePid(ws);
    expect(second).not.toBe(first);
    harness.track(second);
  });
});
