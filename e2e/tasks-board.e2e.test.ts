/**
 * The task board end to end (issue 9, issue 14): a real `tandem serve`, a real MCP client on its
 * HTTP endpoint (the AI) and Debian's Chromium (the person), on one task list. The AI's todos show
 * at once with its name; what the person does on the board (check off, drag to a lane, delete and
 * undo, select) is what the AI's list_todos reads back; a link chip opens the diagram at its shape,
 * the song at its track, the test dashboard at its suite.
 * Without Chromium the suite FAILS.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AiClient } from './support/ai-client';
import { delayCoreMessages, shapeNode } from './support/browser';
import { AI_ORIGIN, PERSON_ORIGIN, eventually, expectNoPageErrors, useStudios } from './support/studio';
import { REPO_ROOT } from './support/studio-server';

const SCREENSHOT_PATH = join(REPO_ROOT, 'test-results', 'tasks-board.png');

const { startStudio } = useStudios();

/** A tasks tool's structuredContent; throws with the contract's error when it failed. */
async function tasks(ai: AiClient, tool: string, args: Record<string, unknown> = {}): Promise<any> {
  const result = await ai.callTool(tool, args);
  if (result.isError) throw new Error(`${tool} failed: ${JSON.stringify(result.content)}`);
  return result.structuredContent;
}

const listed = async (ai: AiClient) => (await tasks(ai, 'list_todos')).todos as any[];
const todoById = async (ai: AiClient, id: string) => (await listed(ai)).find((t) => t.id === id);

async function openTasks(page: Page): Promise<Locator> {
  await page.getByTestId('domain-tasks').click();
  const view = page.getByTestId('tasks-view');
  await view.getByTestId('tasks-board').waitFor();
  return view;
}

const card = (view: Locator, id: string) => view.locator(`[data-testid="todo-card"][data-todo-id="${id}"]`);

describe('the task board: the AI over MCP and a person in the browser, on one task list', () => {
  it('shows the AI\'s todos with its name; the person checks one off, drags one to another lane, deletes and undoes, and the AI reads it all back', async () => {
    const { ai, openTab } = await startStudio();
    const tab = await openTab();
    const { page } = tab;
    const view = await openTasks(page);

    const login = (await tasks(ai, 'add_todo', { description: 'Fix the login redirect', priority: 'high', tags: ['bug'], due_date: '2001-02-03' })).todo;
    const docs = (await tasks(ai, 'add_todo', { description: 'Write the API docs', priority: 'low', tags: ['docs'] })).todo;
    const copy = (await tasks(ai, 'add_todo', { description: 'Update the landing copy' })).todo;

    // At once, in their lanes, with who made them, and the fresh change outlined in the AI's colour.
    await card(view.getByTestId('lane-high'), login.id).waitFor();
    await card(view.getByTestId('lane-low'), docs.id).waitFor();
    await card(view.getByTestId('lane-medium'), copy.id).waitFor();
    expect(await card(view, login.id).getByTestId('todo-by').innerText()).toBe(AI_ORIGIN);
    expect(await card(view, login.id).getAttribute('data-due')).toBe('overdue');
    await card(view, docs.id).locator(`[data-testid="change-highlight"][data-origin="${AI_ORIGIN}"]`).waitFor();
    await view.locator(`[data-testid="activity-item"][data-origin="${AI_ORIGIN}"]`).first().waitFor();

    // The person checks one off: it moves to the done column, and the AI sees it done, by the person.
    // A click, not check(): the box shows the model, so it turns checked when the change comes back.
    await card(view, copy.id).getByTestId('todo-done').click();
    await card(view.getByTestId('lane-done'), copy.id).waitFor();
    expect(await todoById(ai, copy.id)).toMatchObject({ done: true, updated_by: 'person' });

    // The person drags the low one to the high lane: the AI sees the new priority.
    await card(view, docs.id).dragTo(view.getByTestId('lane-high'));
    await card(view.getByTestId('lane-high'), docs.id).waitFor();
    expect(await todoById(ai, docs.id)).toMatchObject({ priority: 'high' });
    // And back down with the keyboard: Alt+↓ on the focused card.
    await card(view, docs.id).focus();
    await page.keyboard.press('Alt+ArrowDown');
    await eventually(async () => (await todoById(ai, docs.id))?.priority).toBe('medium');

    // Delete and undo: the same todo comes back, same id, tags and age.
    await card(view, login.id).click();
    await card(view, login.id).getByTestId('todo-delete').click();
    await card(view, login.id).waitFor({ state: 'detached' });
    expect(await todoById(ai, login.id)).toBeUndefined();
    await view.getByTestId('tasks-undo-button').click();
    await card(view.getByTestId('lane-high'), login.id).waitFor();
    expect(await todoById(ai, login.id)).toMatchObject({ id: login.id, tags: ['bug'], created_at: login.created_at, priority: 'high' });
    // With the keyboard too: Delete on the focused card, then Ctrl+Z.
    await card(view, docs.id).focus();
    await page.keyboard.press('Delete');
    await card(view, docs.id).waitFor({ state: 'detached' });
    await page.keyboard.press('Control+z');
    await card(view.getByTestId('lane-medium'), docs.id).waitFor();
    expect(await todoById(ai, docs.id)).toMatchObject({ id: docs.id, tags: ['docs'] });

    await page.screenshot({ path: SCREENSHOT_PATH });
    expectNoPageErrors(tab);
  });

  it('keys on a focused card act in turn however fast they come, and the card keeps the focus as it changes lanes', async () => {
    const { ai, context, openTab } = await startStudio();
    // Every key below is pressed before the core's answer to the one before it is back.
    await delayCoreMessages(context, 150);
    const tab = await openTab();
    const { page } = tab;
    const view = await openTasks(page);
    const todo = (await tasks(ai, 'add_todo', { description: 'Tidy the README', priority: 'low' })).todo;
    const focused = () => card(view, todo.id).evaluate((element) => element === document.activeElement);

    // Alt+↑ twice: low, medium, high.
    await card(view.getByTestId('lane-low'), todo.id).focus();
    await page.keyboard.press('Alt+ArrowUp');
    await page.keyboard.press('Alt+ArrowUp');
    await card(view.getByTestId('lane-high'), todo.id).waitFor();
    expect(await todoById(ai, todo.id)).toMatchObject({ priority: 'high', updated_by: PERSON_ORIGIN });
    // The card kept the focus in its new lane: the next key acts on it without a click.
    await eventually(focused).toBe(true);
    await page.keyboard.press('Alt+ArrowDown');
    await card(view.getByTestId('lane-medium'), todo.id).waitFor();
    await eventually(focused).toBe(true);

    // Space twice, checked and unchecked; then Delete and Ctrl+Z: the same todo back.
    for (const key of ['Space', 'Space', 'Delete', 'Control+z']) await page.keyboard.press(key);
    const personCalls = () => view.locator(`[data-testid="activity-item"][data-origin="${PERSON_ORIGIN}"] .activity-ops`).allInnerTexts();
    await eventually(async () => (await personCalls()).length).toBe(7);
    const priority = 'update Tidy the README (priority)';
    expect((await personCalls()).reverse()).toEqual([priority, priority, priority, 'done Tidy the README', 'reopen Tidy the README', 'delete Tidy the README', 'restore Tidy the README']);
    await card(view.getByTestId('lane-medium'), todo.id).waitFor();
    expect(await todoById(ai, todo.id)).toMatchObject({ id: todo.id, priority: 'medium', done: false });
    expectNoPageErrors(tab);
  });

  it('tells the AI which todo the person selected, edits in place, and shows a refusal as a toast', async () => {
    const { ai, openTab } = await startStudio();
    const a = (await tasks(ai, 'add_todo', { description: 'First' })).todo;
    const b = (await tasks(ai, 'add_todo', { description: 'Second' })).todo;
    const tab = await openTab();
    const view = await openTasks(tab.page);
    await card(view, b.id).click();
    await eventually(async () => (await listed(ai)).filter((t) => t.selected).map((t) => t.id)).toEqual([b.id]);
    expect((await todoById(ai, a.id)).selected).toBeUndefined();

    // Edit the description in place.
    await card(view, b.id).getByTestId('todo-description').dblclick();
    await card(view, b.id).getByTestId('todo-edit-description').fill('Second, renamed');
    await card(view, b.id).getByTestId('todo-edit-description').press('Enter');
    await eventually(async () => (await todoById(ai, b.id))?.description).toBe('Second, renamed');

    // An empty description is refused by the tool: the toast has the code, the message and the fix.
    await card(view, b.id).getByTestId('todo-description').dblclick();
    await card(view, b.id).getByTestId('todo-edit-description').fill('');
    await card(view, b.id).getByTestId('todo-edit-description').press('Enter');
    const toast = view.getByTestId('toast');
    await toast.waitFor();
    expect(await toast.innerText()).toMatch(/update_todo: invalid_input: description is empty[\s\S]*try: say what is to be done/);
    expect((await todoById(ai, b.id)).description).toBe('Second, renamed');
    expectNoPageErrors(tab);
  });

  it('opens a link chip in its view: the diagram, with the shape selected, on the page that has it', async () => {
    const { ai, openTab } = await startStudio();
    await ai.drawio(['add svc Gateway', 'page add Backend', 'page switch Backend', 'add svc AuthService', 'page switch Page-1']);
    const todo = (await tasks(ai, 'add_todo', { description: 'Harden the auth service', links: ['drawio:AuthService', 'context:Rules', 'drawio:NoSuchShape'] })).todo;
    const tab = await openTab();
    const { page } = tab;
    await shapeNode(page, 'Gateway').waitFor();
    const view = await openTasks(page);
    await card(view, todo.id).locator('[data-testid="todo-link"][data-link="drawio:AuthService"]').click();

    await shapeNode(page, 'AuthService').waitFor();
    await eventually(() => shapeNode(page, 'AuthService').getAttribute('class')).toContain('selected');
    expect(await page.getByTestId('tasks-view').isVisible()).toBe(false);
    await eventually(() => ai.query('selection')).toMatch(/1 shape/);

    // A link to a domain no view opens yet is a clear toast, not a crash.
    await page.getByTestId('domain-tasks').click();
    await card(view, todo.id).locator('[data-testid="todo-link"][data-link="context:Rules"]').click();
    await eventually(() => view.getByTestId('toast').innerText()).toContain('No view opens context links yet');
    // A link whose target is gone leaves the person on the board, which says so.
    await card(view, todo.id).locator('[data-testid="todo-link"][data-link="drawio:NoSuchShape"]').click();
    await eventually(() => view.getByTestId('toast').last().innerText()).toContain('NoSuchShape');
    expect(await page.getByTestId('tasks-view').isVisible()).toBe(true);
    expectNoPageErrors(tab);
  });

  it('opens a midi link at its track and a testenv link at its project and suite', async () => {
    const { ai, server, openTab } = await startStudio();
    await ai.midi(['track add Piano instrument:piano', 'track add Bass instrument:electric-bass-finger']);
    // A session needs no Docker until it builds: init reads the e2e.yaml only.
    mkdirSync(join(server.workspace, 'shop'));
    writeFileSync(
      join(server.workspace, 'shop', 'e2e.yaml'),
      'version: 1\nproject: {name: shop}\nservices:\n  - name: api\n    image: busybox\ntests:\n  suites:\n    - {id: smoke, name: Smoke, runner: yaml, file: smoke.yaml}\n    - {id: orders, name: Orders, runner: yaml, file: orders.yaml}\n',
    );
    const init = await ai.callTool('preflight_init', { projectPath: 'shop' });
    expect(init.isError, JSON.stringify(init.content)).toBeFalsy();
    const todo = (await tasks(ai, 'add_todo', { description: 'Tune the bass and check the orders', links: ['midi:Bass', 'testenv:shop/orders'] })).todo;
    const tab = await openTab();
    const { page } = tab;
    const view = await openTasks(page);

    await card(view, todo.id).locator('[data-testid="todo-link"][data-link="midi:Bass"]').click();
    await eventually(() => page.getByTestId('track-Bass').getAttribute('data-active')).toBe('true');
    expect(await page.getByTestId('track-Piano').getAttribute('data-active')).toBe('false');

    await page.getByTestId('domain-tasks').click();
    await card(view, todo.id).locator('[data-testid="todo-link"][data-link="testenv:shop/orders"]').click();
    const suite = page.getByTestId('testenv-view').getByTestId('suite-orders');
    await eventually(() => suite.getAttribute('data-revealed')).toBe('true');
    expect(await suite.isVisible()).toBe(true);
    expect(await page.getByTestId('testenv-view').getByTestId('suite-smoke').getAttribute('data-revealed')).toBeNull();
    expectNoPageErrors(tab);
  });
});
