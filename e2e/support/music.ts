/**
 * The Music view in a studio tab: switching to it, and reading what its piano roll painted (the
 * canvas model the roll publishes as `window.tandemMusicRoll`, see roll/roll-probe.ts), so a test
 * can find a note on screen and press the mouse on it.
 */
import type { Locator, Page } from 'playwright-core';
import type { RollFrame } from '../../src/renderer/src/features/midi/roll/roll-probe';
import { HEADER_HEIGHT, KEYS_WIDTH } from '../../src/renderer/src/features/midi/roll/geometry';

export type { RollFrame };
export type PaintedNote = RollFrame['notes'][number];

/** The Music view's part of the page (the diagram editor stays in the page, hidden). */
export function musicView(page: Page): Locator {
  return page.getByTestId('music-view');
}

/** Clicks Music in the domain switcher and waits until the song has loaded and the roll has painted. */
export async function openMusic(page: Page): Promise<void> {
  await page.getByTestId('domain-midi').click();
  await musicView(page).waitFor({ state: 'visible' });
  await page.getByTestId('music-load-state').waitFor({ state: 'detached' });
  await page.waitForFunction(() => window.tandemMusicRoll !== undefined);
}

export async function openDiagram(page: Page): Promise<void> {
  await page.getByTestId('domain-drawio').click();
  await page.getByTestId('canvas').waitFor({ state: 'visible' });
}

export async function rollFrame(page: Page): Promise<RollFrame> {
  const frame = await page.evaluate(() => window.tandemMusicRoll);
  if (!frame) throw new Error('the piano roll has not painted yet');
  return frame;
}

/** The notes the roll painted last (of the track it edits), by start then pitch. */
export async function paintedNotes(page: Page): Promise<PaintedNote[]> {
  const { notes } = await rollFrame(page);
  return [...notes].sort((a, b) => a.tick - b.tick || a.pitch - b.pitch);
}

/** Where a tick and pitch are on the page (the middle of the pitch's row). */
export function pagePoint(frame: RollFrame, tick: number, pitch: number): { x: number; y: number } {
  const { view, bounds } = frame;
  return {
    x: bounds.left + KEYS_WIDTH + (tick - view.scrollTick) * view.pxPerTick,
    y: bounds.top + HEADER_HEIGHT + (127 - pitch) * view.keyHeight - view.scrollY + view.keyHeight / 2,
  };
}

/** The middle of a painted note, on the page. */
export function noteCentre(frame: RollFrame, note: PaintedNote): { x: number; y: number } {
  return { x: frame.bounds.left + note.x + note.w / 2, y: frame.bounds.top + note.y + note.h / 2 };
}

/** Presses at `from`, moves in steps to `to` and releases: a hand's drag. */
export async function dragOnPage(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 10 });
  await page.mouse.up();
}

/** The `events TRACK` lines of notes: `2.1 note D4 dur:960 vel:80`. */
export function noteLines(events: string): string[] {
  return events
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => / note /.test(line));
}
