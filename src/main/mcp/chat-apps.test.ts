/**
 * The chat views' tools over a real core and a real MCP client on its socket: the whole document
 * first, then the changes after a sequence number with who made them, a wait that ends at the next
 * change, a call marked as the view's recorded as the person's, the view's selection as presence,
 * and the errors of a bad document. The built pages themselves are drawn in e2e/chat-views.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VIEW_ASSET_LIMITS, VIEW_META_KEY, type ViewAssets, type ViewChanges } from '../../shared/chat-views';
import { type StudioHost, startStudioHost } from '../host/studio-host';
import { readChatApp, viewTools } from './chat-apps';
import { JsonLineTransport } from './json-line-transport';
import { connectLocalSocket } from './local-socket';

describe('the chat views over MCP', () => {
  let dir: string;
  let host: StudioHost | undefined;
  const clients: Client[] = [];

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tandem-chat-views-'));
  });

  afterEach(async () => {
    await Promise.allSettled(clients.splice(0).map((c) => c.close()));
    await host?.close();
    host = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  async function client(name: string): Promise<Client> {
    host ??= await startStudioHost({ workspaceDir: dir });
    const c = new Client({ name, version: '1' });
    await c.connect(JsonLineTransport.overSocket(await connectLocalSocket(host.socket), 'client'));
    clients.push(c);
    return c;
  }

  const changes = async (c: Client, args: Record<string, unknown>) => {
    const result = (await c.callTool({ name: 'tandem_view_changes', arguments: args })) as CallToolResult;
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    return result.structuredContent as unknown as ViewChanges;
  };

  it('answers the whole document, then each later change with its records and who made it, and waits for the next one', async () => {
    const ai = await client('claude-ai');
    const view = await client('chat-host');
    await ai.callTool({ name: 'drawio', arguments: { ops: ['add svc AuthService'] } });

    const first = await changes(view, { document: 'drawio' });
    expect(first.snapshot?.records).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'shape', alias: 'AuthService' })]));
    // The edit just made comes along, for the view to mark as the AI's.
    expect(first.changes.map((c) => c.origin)).toEqual(['claude-ai']);

    await ai.callTool({ name: 'drawio', arguments: { ops: ['add db UserDB', 'connect AuthService -> UserDB'] } });
    const next = await changes(view, { document: 'drawio', since: first.seq, document_id: first.documentId });
    expect(next.snapshot).toBeUndefined();
    expect(next.seq).toBe(first.seq + 1);
    expect(next.changes).toEqual([expect.objectContaining({ origin: 'claude-ai', kind: 'batch', put: expect.arrayContaining([expect.objectContaining({ alias: 'UserDB' })]) })]);

    // Nothing new: the call waits, and answers the change made meanwhile.
    const waiting = changes(view, { document: 'drawio', since: next.seq, document_id: next.documentId, wait_ms: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await ai.callTool({ name: 'drawio', arguments: { ops: ['add queue Events'] } });
    const woken = await waiting;
    expect(woken.changes.flatMap((c) => c.put ?? [])).toEqual(expect.arrayContaining([expect.objectContaining({ alias: 'Events' })]));
    // A short wait with nothing new answers no change and the same number.
    expect(await changes(view, { document: 'drawio', since: woken.seq, document_id: woken.documentId, wait_ms: 50 })).toMatchObject({ seq: woken.seq, changes: [] });
    // A number of another document (one opened since) starts over from the whole document.
    expect((await changes(view, { document: 'drawio', since: 1, document_id: 'gone' })).snapshot).toBeDefined();
  });

  it("records a call the view makes for the person as the person's, and makes the view's selection presence", async () => {
    const ai = await client('claude-ai');
    const view = await client('chat-host');
    await ai.callTool({ name: 'drawio', arguments: { ops: ['add svc AuthService'] } });
    const moved = (await view.callTool({ name: 'drawio', arguments: { ops: ['move AuthService to:300,200 strict:true'] }, _meta: { [VIEW_META_KEY]: 'ui://tandem/drawio/diagram' } })) as CallToolResult;
    expect(moved.isError).toBeFalsy();
    const history = ((await ai.callTool({ name: 'drawio_query', arguments: { q: 'history 2' } })) as CallToolResult).content[0] as { text: string };
    expect(history.text).toMatch(/#\d+ person batch: move AuthService/);
    expect(history.text).toMatch(/#\d+ claude-ai batch: add svc AuthService/);

    const id = ((await changes(view, { document: 'drawio' })).snapshot!.records as Array<{ kind: string; id: string }>).find((r) => r.kind === 'shape')!.id;
    await view.callTool({ name: 'tandem_view_select', arguments: { document: 'drawio', ids: [id] } });
    const selection = ((await ai.callTool({ name: 'drawio_query', arguments: { q: 'selection' } })) as CallToolResult).content[0] as { text: string };
    expect(selection.text).toMatch(/^selection \(chat view \d+\): 1 shape/);
  });

  it('refuses a document that is no domain, with the domains to pick from', async () => {
    const view = await client('chat-host');
    const calls = [
      { name: 'tandem_view_changes', arguments: { document: 'nope' } },
      { name: 'tandem_view_select', arguments: { document: 'nope', ids: [] } },
    ];
    for (const call of calls) {
      const result = (await view.callTool(call)) as CallToolResult;
      expect(result.isError).toBe(true);
      expect((result.content[0] as { text: string }).text).toMatch(/no domain "nope".*\[unknown_domain\]\n\s*try: one of: drawio, midi/s);
    }
    // A bad argument gets the tools' own error shape, with a good call to copy.
    const bad = (await view.callTool({ name: 'tandem_view_changes', arguments: { document: 'drawio', since: -1 } })) as CallToolResult;
    expect((bad.content[0] as { text: string }).text).toMatch(/^! bad arguments for tandem_view_changes: .*since.* \[bad_arguments\]\n\s*try: /s);
  });

  it('hands the diagram view the stencils, workspace images and library images it names, and nothing outside the workspace, the library or past the size limit', async () => {
    const view = await client('chat-host');
    mkdirSync(join(dir, 'pics'));
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAADUlEQVR4nGP4zwAE/wEHAAH/4iOeWQAAAABJRU5ErkJggg==', 'base64');
    writeFileSync(join(dir, 'pics', 'dot.png'), png);
    writeFileSync(join(dir, 'pics', 'huge.png'), Buffer.alloc(VIEW_ASSET_LIMITS.maxImageBytes + 1));
    const keys = ['stencil:mxgraph.cisco.routers.atm_router', 'stencil:mxgraph.aws4.lambda', 'stencil:mxgraph.nosuch.shape', 'image:pics/dot.png', 'image:pics/huge.png', 'image:../outside.png', 'image:pics/gone.png'];
    keys.push('image:img/lib/clip_art/computers/Antivirus_128x128.png', 'image:img/lib/clip_art/../../../package.json', 'image:img/lib/clip_art/none.png');
    const result = (await view.callTool({ name: 'tandem_view_assets', arguments: { document: 'drawio', keys } })) as CallToolResult;
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    const answer = result.structuredContent as unknown as ViewAssets;
    expect(answer.assets['stencil:mxgraph.cisco.routers.atm_router']).toMatch(/^<shape [^>]*name="ATM Router"[\s\S]*<\/shape>$/);
    expect(answer.assets['stencil:mxgraph.aws4.lambda']).toMatch(/^<shape [\s\S]*<\/shape>$/);
    expect(answer.assets['image:pics/dot.png']).toBe(`data:image/png;base64,${png.toString('base64')}`);
    expect(answer.assets['image:img/lib/clip_art/computers/Antivirus_128x128.png']).toMatch(/^data:image\/png;base64,iVBOR/);
    expect(answer.missing.sort()).toEqual([
      'image:../outside.png',
      'image:img/lib/clip_art/../../../package.json',
      'image:img/lib/clip_art/none.png',
      'image:pics/gone.png',
      'image:pics/huge.png',
      'stencil:mxgraph.nosuch.shape',
    ]);
    // A domain without a view that draws with assets, and too many keys, are refused in the tools' shape.
    const midi = (await view.callTool({ name: 'tandem_view_assets', arguments: { document: 'midi', keys: ['x'] } })) as CallToolResult;
    expect((midi.content[0] as { text: string }).text).toMatch(/no chat view of "midi" draws with assets.*\[unknown_domain\]/s);
    const many = (await view.callTool({ name: 'tandem_view_assets', arguments: { document: 'drawio', keys: Array.from({ length: VIEW_ASSET_LIMITS.maxKeys + 1 }, (_, i) => `image:${i}.png`) } })) as CallToolResult;
    expect((many.content[0] as { text: string }).text).toMatch(/bad arguments for tandem_view_assets.*\[bad_arguments\]/s);
  });

  it('reads a built page as an MCP App, and says how to build one that is missing', async () => {
    const [app] = [{ domain: 'drawio', spec: { view: 'diagram', title: 'Diagram', description: '', shownBy: ['drawio'] }, uri: 'ui://tandem/drawio/diagram' }];
    const built = join(dir, 'apps');
    mkdirSync(built);
    writeFileSync(join(built, 'drawio-diagram.html'), '<!doctype html><p>diagram</p>');
    expect(await readChatApp(app, built)).toEqual({
      contents: [{ uri: 'ui://tandem/drawio/diagram', mimeType: 'text/html;profile=mcp-app', text: '<!doctype html><p>diagram</p>', _meta: { ui: { prefersBorder: true, csp: { connectDomains: [], resourceDomains: [] } } } }],
    });
    await expect(readChatApp(app, join(dir, 'nowhere'))).rejects.toThrow(/not built.*/);
    // Every view tool is for apps only: hosts keep them from the model.
    expect(viewTools().map((t) => t.ui)).toEqual([{ visibility: ['app'] }, { visibility: ['app'] }, { visibility: ['app'] }]);
  });
});
