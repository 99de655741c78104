/**
 * Presence end to end (issue 14): a real `tandem serve`, a real MCP client on its HTTP endpoint
 * (the AI) and Debian's Chromium (the person). The AI acts on what the person selected with
 * `@selected`, the page marks what the AI reads, and the presence bar shows the AI connected.
 * Without Chromium the suite FAILS.
 */
import { describe, expect, it } from 'vitest';
import { shapeNode } from './support/browser';
import { noteCentre, openMusic, paintedNotes, rollFrame } from './support/music';
import { AI_ORIGIN, eventually, expectNoPageErrors, historyEntriesBy, useStudios } from './support/studio';

const { startStudio } = useStudios();

describe('presence: the AI sees what the person selected, the person sees what the AI reads', () => {
  it('with no page open, @selected is a clear error', async () => {
    const { ai } = await startStudio();
    await ai.drawio(['add svc A']);
    await expect(ai.drawio(['style @selected theme:green'])).rejects.toThrow(/no studio window shows the Diagram view.*\[no_selection\]/s);
    await expect(ai.query('selection')).rejects.toThrow(/\[no_selection\]/);
  });

  it('the person selects two shapes, the AI styles @selected green, history shows the AI', async () => {
    const { ai, openTab } = await startStudio();
    await ai.drawio(['add svc Auth', 'add db Users', 'add svc Billing']);
    const tab = await openTab();
    const { page } = tab;
    await shapeNode(page, 'Auth').click();
    await shapeNode(page, 'Users').click({ modifiers: ['Shift'] });
    await expect.poll(() => shapeNode(page, 'Users').getAttribute('class')).toContain('selected');

    // The selection reaches the core a moment after the click.
    await eventually(() => ai.query('selection')).toMatch(/^selection \(browser tab \d+\): 2 shapes, 0 edges/);
    await ai.drawio(['style @selected theme:green']);
    const themes = await ai.query('list');
    expect(themes).toMatch(/Auth.*green/);
    expect(themes).toMatch(/Users.*green/);
    expect(themes).not.toMatch(/Billing.*green/);
    expect(historyEntriesBy(await ai.query('history 3'), AI_ORIGIN).join('\n')).toContain('style @selected theme:green');
    // The page shows them green too (the theme colours the node).
    await eventually(() => shapeNode(page, 'Auth').getAttribute('data-theme')).toBe('green');
    expectNoPageErrors(tab);
  });

  it('marks a shape the AI describes as read by it, shows the AI in the presence bar, and folds reads in the activity', async () => {
    const { ai, openTab } = await startStudio();
    await ai.drawio(['add svc Auth', 'add db Users']);
    const tab = await openTab();
    const { page } = tab;
    await shapeNode(page, 'Auth').waitFor();
    await page.locator(`[data-testid="presence-client"][data-name="${AI_ORIGIN}"]`).waitFor();

    await ai.query('describe Auth');
    const mark = shapeNode(page, 'Auth').locator(`[data-testid="read-mark"][data-origin="${AI_ORIGIN}"]`);
    await mark.waitFor();
    expect(await mark.innerText()).toBe(`read by ${AI_ORIGIN}`);
    expect(await shapeNode(page, 'Users').locator('[data-testid="read-mark"]').count()).toBe(0);
    // Distinct from the mark of an edit, and gone after a while.
    expect(await shapeNode(page, 'Auth').locator('[data-testid="change-highlight"]').count()).toBe(0);
    await mark.waitFor({ state: 'detached' });

    await ai.query('describe Users');
    await ai.query('connections Auth');
    const reads = page.locator(`[data-testid="activity-read"][data-origin="${AI_ORIGIN}"]`);
    await eventually(() => reads.count()).toBe(1);
    expect(await reads.first().innerText()).toContain('read ×3');
    expect(await page.locator('[data-testid="presence-client"]').first().innerText()).toContain('connections Auth');
    expectNoPageErrors(tab);
  });

  it('marks an edge the AI describes as read, along its line and with the reader named', async () => {
    const { ai, openTab } = await startStudio();
    await ai.drawio(['add svc Auth', 'add db Users', 'add svc Billing', 'connect Auth -> Users label:"queries"', 'connect Auth -> Billing']);
    const tab = await openTab();
    const { page } = tab;
    await page.getByTestId('edge-Auth-Users').waitFor();

    await ai.query('describe Auth -> Users');
    const mark = page.locator(`[data-testid="edge-Auth-Users"] [data-testid="edge-read-mark"][data-origin="${AI_ORIGIN}"]`);
    // Attached, not "visible": a straight vertical line has no width, which Playwright calls hidden.
    await mark.waitFor({ state: 'attached' });
    // Read with both its shapes, which carry the reader's name; read alone (connections lists edges), it has its own tag.
    expect(await page.locator('.edge-read-origin').count()).toBe(0);
    expect(await page.locator('[data-testid="edge-Auth-Billing"] [data-testid="edge-read-mark"]').count()).toBe(0);
    await mark.waitFor({ state: 'detached' });
    await ai.query('connections Billing');
    await page.locator(`[data-testid="edge-Auth-Billing"] [data-testid="edge-read-mark"]`).waitFor({ state: 'attached' });
    await expect.poll(() => page.locator('.edge-read-origin').innerText()).toBe(`read by ${AI_ORIGIN}`);
    expectNoPageErrors(tab);
  });

  it('the same for notes in the piano roll: a read marks notes, @selected edits the selected note', async () => {
    const { ai, openTab } = await startStudio();
    await ai.midi(['track add Piano instrument:piano', 'note Piano C4 at:1.1 dur:4n vel:80', 'note Piano E4 at:1.2 dur:4n vel:80', 'note Piano G4 at:1.3 dur:4n vel:80']);
    const tab = await openTab();
    const { page } = tab;
    await openMusic(page);
    await eventually(async () => (await paintedNotes(page)).length).toBe(3);

    // A read of the events marks the notes it read, in the roll, as read by the AI.
    await ai.midiQuery('events Piano 1.1-1.1');
    await eventually(async () => (await paintedNotes(page)).filter((n) => n.readBy === AI_ORIGIN).map((n) => n.pitch)).toEqual([60]);

    const e4 = (await paintedNotes(page)).find((n) => n.pitch === 64)!;
    const centre = noteCentre(await rollFrame(page), e4);
    await page.mouse.click(centre.x, centre.y);
    await eventually(async () => (await paintedNotes(page)).find((n) => n.pitch === 64)?.selected).toBe(true);
    await eventually(() => ai.midiQuery('selection')).toMatch(/^selection \(browser tab \d+\): 1 note\b/);
    await ai.midi(['velocity @selected -30']);
    await eventually(() => ai.midiQuery('events Piano')).toContain('1.2 note E4 dur:480 vel:50');
    expect(await ai.midiQuery('events Piano')).toContain('1.1 note C4 dur:480 vel:80');
    expectNoPageErrors(tab);
  });
});
