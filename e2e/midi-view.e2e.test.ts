/**
 * The Music view end to end: a real `tandem serve`, a real MCP client on its HTTP endpoint (the
 * AI) and Debian's Chromium showing the studio page (the person). The piano roll is a canvas, so
 * the tests read what it painted (the canvas model it publishes) and press the mouse where a note
 * is painted, like a person.
 *
 * Every test starts its own core on a fresh workspace; waits are on conditions, never on time.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { geometryOf } from './support/ai-client';
import { delayCoreMessages, shapeNode } from './support/browser';
import {
  dragOnPage,
  musicView,
  noteCentre,
  noteLines,
  openDiagram,
  openMusic,
  pagePoint,
  paintedNotes,
  rollFrame,
  type PaintedNote,
  type RollFrame,
} from './support/music';
import { AI_ORIGIN, PERSON_ORIGIN, eventually, expectNoPageErrors, historyEntriesBy, useStudios } from './support/studio';
import { REPO_ROOT } from './support/studio-server';

const SCREENSHOT_PATH = join(REPO_ROOT, 'test-results', 'midi.png');

const { startStudio } = useStudios();

describe('the Music view: the AI over MCP and a person in the browser, on one song', () => {
  it('shows the track and notes an MCP client adds, live, highlighted with who made them', async () => {
    const { ai, openTab } = await startStudio();
    const tab = await openTab();
    const { page } = tab;
    await openMusic(page);
    expect(await paintedNotes(page)).toEqual([]);
    await page.evaluate(() => ((window as unknown as { loadedOnce: boolean }).loadedOnce = true));

    await ai.midi(['track add Piano instrument:piano', 'note Piano C4 at:1.1 dur:4n', 'note Piano E4 at:1.2 dur:4n vel:100', 'note Piano G4 at:1.3 dur:2n vel:40']);

    await eventually(async () => (await paintedNotes(page)).map((n) => [n.pitch, n.tick, n.dur, n.vel])).toEqual([
      [60, 0, 480, 80],
      [64, 480, 480, 100],
      [67, 960, 960, 40],
    ]);
    // Painted where they are: later notes further right, higher ones further up, longer ones wider.
    const [c, e, g] = await paintedNotes(page);
    expect(e.x).toBeGreaterThan(c.x);
    expect(g.x).toBeGreaterThan(e.x);
    expect(e.y).toBeLessThan(c.y);
    expect(g.w / c.w).toBeCloseTo(2, 1);
    // The AI's fresh notes wear its name, and the track list and the activity say the same.
    expect((await rollFrame(page)).notes.every((n) => n.highlightedBy === AI_ORIGIN)).toBe(true);
    await eventually(() => musicView(page).getByTestId('track-Piano').getByTestId('track-notes').innerText()).toBe('3 notes');
    await musicView(page).locator(`[data-testid="activity-item"][data-origin="${AI_ORIGIN}"]`).first().waitFor();
    // The highlight fades.
    await eventually(async () => (await rollFrame(page)).notes.some((n) => n.highlightedBy)).toBe(false);

    expect(await page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
    expectNoPageErrors(tab);
  });

  it("a note the person draws and drags shows in the MCP client's events and history, attributed to the person", async () => {
    const { ai, openTab } = await startStudio();
    await ai.midi(['track add Piano instrument:piano', 'note Piano C4 at:1.1 dur:4n']);
    const tab = await openTab();
    const { page } = tab;
    await openMusic(page);
    await eventually(async () => (await paintedNotes(page)).length).toBe(1);
    await musicView(page).getByTestId('grid').selectOption('1/4');

    // Draw: press on D4 at bar 2, drag to beat 3: a half note.
    const frame = await rollFrame(page);
    await dragOnPage(page, pagePoint(frame, 1920 + 20, 62), pagePoint(frame, 1920 + 960 + 20, 62));
    await eventually(() => ai.midiQuery('events Piano')).toContain('2.1 note D4 dur:960 vel:80');
    await eventually(async () => (await paintedNotes(page)).find((n) => n.pitch === 62)?.selected).toBe(true);

    // Drag it a beat later and two semitones up.
    const drawn = (await paintedNotes(page)).find((n) => n.pitch === 62)!;
    const from = noteCentre(await rollFrame(page), drawn);
    const { view } = await rollFrame(page);
    await dragOnPage(page, from, { x: from.x + 480 * view.pxPerTick, y: from.y - 2 * view.keyHeight });
    await eventually(async () => noteLines(await ai.midiQuery('events Piano'))).toEqual(['1.1 note C4 dur:480 vel:80', '2.2 note E4 dur:960 vel:80']);
    await eventually(async () => (await paintedNotes(page)).map((n) => [n.pitch, n.tick])).toEqual([
      [60, 0],
      [64, 2400],
    ]);

    // Drag its right end a beat further: a dotted half.
    // The note and where it is, read from one painted frame (the roll may repaint between two reads).
    let frameNow!: RollFrame;
    let moved: PaintedNote | undefined;
    await eventually(async () => {
      frameNow = await rollFrame(page);
      moved = frameNow.notes.find((n) => n.pitch === 64 && n.tick === 2400);
      return moved !== undefined;
    }).toBe(true);
    moved = moved!;
    const end = { x: frameNow.bounds.left + moved.x + moved.w - 2, y: frameNow.bounds.top + moved.y + moved.h / 2 };
    await dragOnPage(page, end, { x: end.x + 480 * frameNow.view.pxPerTick, y: end.y });
    await eventually(async () => noteLines(await ai.midiQuery('events Piano'))).toEqual(['1.1 note C4 dur:480 vel:80', '2.2 note E4 dur:1440 vel:80']);

    const history = await ai.midiQuery('history 10');
    const person = historyEntriesBy(history, PERSON_ORIGIN);
    expect(person, history).toHaveLength(3);
    expect(person[0]).toMatch(/ batch: note Piano D4 at:2\.1 dur:2n vel:80$/);
    expect(person[1]).toMatch(/ batch: move @id:\S+ to:2\.2 \| transpose @id:\S+ \+2$/);
    expect(person[2]).toMatch(/ batch: modify @id:\S+ dur:dotted-2n$/);
    expect(historyEntriesBy(history, AI_ORIGIN)).toHaveLength(1);
    // The person's own edits are not highlighted as someone else's.
    expect((await rollFrame(page)).notes.some((n) => n.highlightedBy)).toBe(false);
    expectNoPageErrors(tab);
  });

  it('the keyboard edits the selection: arrows transpose and move, Ctrl+C/V duplicates, Delete removes, Ctrl+Z undoes', async () => {
    const { ai, context, openTab } = await startStudio();
    // Every key below is pressed before the core's answer to the one before it is back.
    await delayCoreMessages(context, 150);
    await ai.midi(['track add Lead instrument:violin', 'note Lead A4 at:1.1 dur:4n']);
    const tab = await openTab();
    const { page } = tab;
    await openMusic(page);
    await eventually(async () => (await paintedNotes(page)).length).toBe(1);
    await musicView(page).getByTestId('grid').selectOption('1/4');
    await musicView(page).getByTestId('tool-select').click();

    const [note] = await paintedNotes(page);
    const centre = noteCentre(await rollFrame(page), note);
    await page.mouse.click(centre.x, centre.y);
    await eventually(async () => (await paintedNotes(page))[0].selected).toBe(true);

    await page.keyboard.press('ArrowUp');
    await eventually(async () => noteLines(await ai.midiQuery('events Lead'))).toEqual(['1.1 note A#4 dur:480 vel:80']);
    await page.keyboard.press('Shift+ArrowDown');
    await eventually(async () => noteLines(await ai.midiQuery('events Lead'))).toEqual(['1.1 note A#3 dur:480 vel:80']);
    await page.keyboard.press('ArrowRight');
    await eventually(async () => noteLines(await ai.midiQuery('events Lead'))).toEqual(['1.2 note A#3 dur:480 vel:80']);
    // Keys pressed faster than the core answers still act in order: the copy is of the louder note.
    await page.keyboard.press('Alt+ArrowUp');
    await page.keyboard.press('Control+c');
    await page.keyboard.press('Control+v');
    await eventually(async () => noteLines(await ai.midiQuery('events Lead'))).toEqual(['1.2 note A#3 dur:480 vel:90', '1.3 note A#3 dur:480 vel:90']);
    // The pasted note is the selection now: Delete removes it, not the original.
    await eventually(async () => (await paintedNotes(page)).map((n) => n.selected)).toEqual([false, true]);
    await page.keyboard.press('Delete');
    await eventually(async () => noteLines(await ai.midiQuery('events Lead'))).toEqual(['1.2 note A#3 dur:480 vel:90']);
    await page.keyboard.press('Control+z');
    await eventually(async () => noteLines(await ai.midiQuery('events Lead'))).toHaveLength(2);

    // Each key press was one batch of the person's.
    expect(historyEntriesBy(await ai.midiQuery('history 20'), PERSON_ORIGIN)).toHaveLength(7);
    expectNoPageErrors(tab);
  });

  it('a box selects notes; quantize and the velocity slider act on them; tracks are added, muted and removed', async () => {
    const { ai, openTab } = await startStudio();
    await ai.midi(['track add Keys instrument:piano', 'note Keys C4 at:1.1.30 dur:8n vel:50', 'note Keys D4 at:1.2.200 dur:8n vel:60', 'note Keys E5 at:3.1 dur:8n']);
    const tab = await openTab();
    const { page } = tab;
    await openMusic(page);
    const view = musicView(page);
    await eventually(async () => (await paintedNotes(page)).length).toBe(3);
    await view.getByTestId('grid').selectOption('1/4');

    // Shift+drag a box around the first two notes.
    const frame = await rollFrame(page);
    await page.keyboard.down('Shift');
    await dragOnPage(page, pagePoint(frame, 0, 64), pagePoint(frame, 1200, 59));
    await page.keyboard.up('Shift');
    await eventually(async () => (await paintedNotes(page)).map((n) => n.selected)).toEqual([true, true, false]);
    await view.getByTestId('quantize').click();
    await eventually(async () => noteLines(await ai.midiQuery('events Keys')).slice(0, 2)).toEqual(['1.1 note C4 dur:240 vel:50', '1.2 note D4 dur:240 vel:60']);
    // The slider sends its value when let go (here: a key released on it).
    await view.getByTestId('velocity').press('End');
    await eventually(async () => noteLines(await ai.midiQuery('events Keys')).slice(0, 2)).toEqual(['1.1 note C4 dur:240 vel:127', '1.2 note D4 dur:240 vel:127']);

    await view.getByTestId('add-track').click();
    await view.getByTestId('add-track-name').fill('Drums');
    await view.getByTestId('add-track-instrument').fill('standard-kit');
    await view.getByTestId('add-track-confirm').click();
    await view.getByTestId('track-Drums').waitFor();
    await eventually(() => view.getByTestId('track-Drums').getAttribute('data-active')).toBe('true');
    await view.getByTestId('track-mute-Keys').click();
    await eventually(() => ai.midiQuery('tracks')).toMatch(/Keys .*\[muted\]/);
    await view.getByTestId('track-Drums').getByRole('button', { name: 'Remove Drums' }).click();
    await view.getByTestId('track-Drums').waitFor({ state: 'detached' });
    expect(await ai.midiQuery('tracks')).not.toContain('Drums');
    expectNoPageErrors(tab);
  });

  it('saves the song as a .mid file and opens it again from the dialogs', async () => {
    const { ai, server, openTab } = await startStudio();
    await ai.midi(['track add Bass instrument:electric-bass-finger', 'note Bass E2 at:1.1 dur:2n', 'note Bass G2 at:1.3 dur:2n']);
    const tab = await openTab();
    const { page } = tab;
    await openMusic(page);
    const view = musicView(page);
    await view.getByTestId('save').click();
    await page.getByTestId('file-path-input').fill('songs/bass.mid');
    await page.getByTestId('dialog-confirm').click();
    await eventually(() => existsSync(join(server.workspace, 'songs', 'bass.mid'))).toBe(true);
    expect(readFileSync(join(server.workspace, 'songs', 'bass.mid')).subarray(0, 4).toString('latin1')).toBe('MThd');
    await eventually(() => view.getByTestId('doc-title').innerText()).toContain('songs/bass.mid');

    await ai.midiSession('new "Empty" discard:true');
    await eventually(async () => (await paintedNotes(page)).length).toBe(0);
    await view.getByTestId('open').click();
    await page.getByTestId('file-songs/bass.mid').click();
    await eventually(async () => (await paintedNotes(page)).map((n) => n.pitch)).toEqual([40, 43]);
    expectNoPageErrors(tab);
  });

  it('the ruler: a click moves the cursor where a paste goes, a drag loops a region, a double click ends the loop', async () => {
    const { ai, openTab } = await startStudio();
    await ai.midi(['track add Piano', 'time-sig 3/4 at:2.1', 'note Piano C4 at:1.1 dur:4n']);
    const tab = await openTab();
    const { page } = tab;
    await openMusic(page);
    const view = musicView(page);
    await eventually(async () => (await paintedNotes(page)).length).toBe(1);
    await view.getByTestId('grid').selectOption('1/4');
    const frame = await rollFrame(page);
    const rulerY = frame.bounds.top + 10;
    const xOf = (tick: number) => pagePoint(frame, tick, 60).x;

    // In 3/4 from bar 2: bar 3 starts at 1920 + 1440.
    await page.mouse.click(xOf(3360 + 10), rulerY);
    await eventually(() => view.getByTestId('position').innerText()).toBe('3.1.10');
    const [note] = await paintedNotes(page);
    const centre = noteCentre(frame, note);
    await page.mouse.click(centre.x, centre.y);
    await page.keyboard.press('Control+c');
    await page.mouse.click(xOf(1920), rulerY);
    await page.keyboard.press('Control+v');
    await eventually(async () => noteLines(await ai.midiQuery('events Piano'))).toEqual(['1.1 note C4 dur:480 vel:80', '2.1 note C4 dur:480 vel:80']);

    await dragOnPage(page, { x: xOf(1920 + 30), y: rulerY }, { x: xOf(3360 + 460), y: rulerY });
    await eventually(async () => (await rollFrame(page)).loop).toEqual({ startTick: 1920, endTick: 3840 });
    expect(await view.getByTestId('loop').getAttribute('aria-pressed')).toBe('true');
    await page.mouse.dblclick(xOf(2400), rulerY);
    await eventually(async () => (await rollFrame(page)).loop).toBe(null);
    // None of it changed the song.
    expect(historyEntriesBy(await ai.midiQuery('history 10'), PERSON_ORIGIN)).toHaveLength(1);
    expectNoPageErrors(tab);
  });

  it('Play runs the song through the studio page: the playhead moves, an AI edit lands without stopping, Stop goes back', async () => {
    const { ai, openTab } = await startStudio();
    const tab = await openTab();
    const { page } = tab;
    await openMusic(page);
    await ai.midi(['track add Piano instrument:piano', 'note Piano C4 at:1.1 dur:1n', 'note Piano E4 at:2.1 dur:1n', 'note Piano G4 at:3.1 dur:1n']);
    await eventually(async () => (await paintedNotes(page)).length).toBe(3);
    const play = musicView(page).getByRole('button', { name: 'Play' });
    // Enabled once the default General MIDI SoundFont is loaded.
    await eventually(() => play.isEnabled()).toBe(true);
    await play.click();
    await eventually(async () => (await rollFrame(page)).playheadTick > 0).toBe(true);
    const before = (await rollFrame(page)).playheadTick;
    await ai.midi(['note Piano C5 at:2.3 dur:4n']);
    await eventually(async () => (await paintedNotes(page)).length).toBe(4);
    // Still playing: the playhead went on moving past where it was when the edit came.
    await eventually(async () => (await rollFrame(page)).playheadTick > before).toBe(true);
    await musicView(page).getByRole('button', { name: 'Pause' }).waitFor();
    await musicView(page).getByRole('button', { name: 'Stop' }).click();
    await eventually(async () => (await rollFrame(page)).playheadTick).toBe(0);
    await musicView(page).getByRole('button', { name: 'Play' }).waitFor();
    expectNoPageErrors(tab);
  });

  it('switching between Diagram and Music keeps each view as it was', async () => {
    const { ai, openTab } = await startStudio();
    await ai.drawio(['add svc AuthService']);
    await ai.midi(['track add Piano', 'track add Strings instrument:string-ensemble-1', 'note Strings C5 at:1.1 dur:1n', 'note Piano C4 at:1.1']);
    const tab = await openTab();
    const { page } = tab;
    // The diagram: a shape selected.
    await shapeNode(page, 'AuthService').click();
    await expect.poll(() => shapeNode(page, 'AuthService').getAttribute('class')).toContain('selected');

    // The music: another track, a coarser grid, a note selected, the view scrolled.
    await openMusic(page);
    const view = musicView(page);
    await view.getByTestId('track-Strings').click();
    await view.getByTestId('grid').selectOption('1/8');
    await eventually(async () => (await paintedNotes(page)).map((n) => n.pitch)).toEqual([72]);
    const [strings] = await paintedNotes(page);
    const centre = noteCentre(await rollFrame(page), strings);
    await page.mouse.click(centre.x, centre.y);
    await eventually(async () => (await paintedNotes(page))[0]?.selected).toBe(true);
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.wheel(0, -120);
    await eventually(async () => (await rollFrame(page)).notes[0]?.y).not.toBe(strings.y);
    const before = await rollFrame(page);

    // Away and back: the diagram still has its selection, and keys there go to the diagram.
    await openDiagram(page);
    await expect.poll(() => musicView(page).isVisible()).toBe(false);
    expect(await shapeNode(page, 'AuthService').getAttribute('class')).toContain('selected');
    await ai.midi(['note Strings E5 at:2.1 dur:4n']); // an edit while the view is hidden
    const shapeBefore = geometryOf(await ai.query('describe AuthService'))!;
    await page.keyboard.press('ArrowRight');
    await eventually(async () => geometryOf(await ai.query('describe AuthService'))?.x).toBeGreaterThan(shapeBefore.x);
    // The music's selected note did not move with it.
    expect(noteLines(await ai.midiQuery('events Strings'))[0]).toBe('1.1 note C5 dur:1920 vel:80');

    await openMusic(page);
    expect(await view.getByTestId('track-Strings').getAttribute('data-active')).toBe('true');
    expect(await view.getByTestId('grid').inputValue()).toBe('1/8');
    await eventually(async () => (await paintedNotes(page)).map((n) => [n.pitch, n.selected])).toEqual([
      [72, true],
      [76, false],
    ]);
    const after = await rollFrame(page);
    expect(after.view).toEqual(before.view);
    // The activity panel of each view lists its own domain's batches.
    expect(await view.locator('[data-testid="activity-item"]').count()).toBe(2);
    await openDiagram(page);
    await expect.poll(() => page.getByTestId('activity').first().locator('[data-testid="activity-item"]').count()).toBe(2);
    expectNoPageErrors(tab);
  });

  it('saves a screenshot of the Music view (test-results/midi.png, a CI artifact)', async () => {
    const { ai, openTab } = await startStudio();
    const chords = ['C', 'Am', 'F', 'G'];
    await ai.midi([
      'title "Tandem Sketch"',
      'tempo 96',
      'key-sig C-major',
      'marker Verse at:1.1',
      'marker Chorus at:3.1',
      'time-sig 3/4 at:5.1',
      'track add Piano instrument:acoustic-grand-piano',
      'track add Bass instrument:electric-bass-finger',
      'track add Drums instrument:standard-kit',
      ...chords.map((chord, i) => `chord Piano ${chord} at:${i + 1}.1 dur:1n vel:${60 + i * 15}`),
      ...['C2', 'A1', 'F1', 'G1'].map((p, i) => `note Bass ${p} at:${i + 1}.1 dur:2n vel:90`),
      ...[1, 2, 3, 4].flatMap((bar) => [`note Drums kick at:${bar}.1 dur:8n`, `note Drums snare at:${bar}.2 dur:8n`, `note Drums kick at:${bar}.3 dur:8n`, `note Drums snare at:${bar}.4 dur:8n`]),
      'note Piano E5 at:5.1 dur:4n vel:110',
      'note Piano D5 at:5.2 dur:4n vel:70',
      'note Piano C5 at:5.3 dur:4n vel:30',
    ]);
    const tab = await openTab();
    const { page } = tab;
    await openMusic(page);
    await eventually(async () => (await paintedNotes(page)).length).toBeGreaterThanOrEqual(12);
    await musicView(page).getByTestId('track-Bass').waitFor();
    // Shorter rows (Alt+wheel), so the bass and drums show as ghosts under the piano.
    const roll = (await musicView(page).getByTestId('piano-roll').boundingBox())!;
    await page.mouse.move(roll.x + roll.width / 2, roll.y + roll.height / 2);
    await page.keyboard.down('Alt');
    await page.mouse.wheel(0, 400);
    await page.keyboard.up('Alt');
    await eventually(async () => (await rollFrame(page)).view.keyHeight).toBeLessThan(7);
    // The person selects a chord note; the AI answers with a melody, highlighted with its name.
    const chordNote = (await paintedNotes(page)).find((n) => n.pitch === 69)!;
    const at = noteCentre(await rollFrame(page), chordNote);
    await page.mouse.click(at.x, at.y);
    await ai.midi(['note Piano A5 at:2.1 dur:8n vel:120', 'note Piano G5 at:2.1.240 dur:8n vel:100', 'note Piano F5 at:2.2 dur:4n vel:90']);
    await eventually(async () => (await paintedNotes(page)).filter((n) => n.highlightedBy === AI_ORIGIN).length).toBe(3);

    mkdirSync(join(REPO_ROOT, 'test-results'), { recursive: true });
    await page.screenshot({ path: SCREENSHOT_PATH });
    const png = readFileSync(SCREENSHOT_PATH);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.length).toBeGreaterThan(10_000);
    expectNoPageErrors(tab);
  });
});
