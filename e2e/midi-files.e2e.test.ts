/**
 * MIDI files other programs wrote, in the Music view: a real `tandem serve`, the AI opening a
 * corpus file (copied into the test's own workspace) over MCP, and Debian's Chromium showing it.
 * The piano roll paints the lyrics under the notes they are sung on (read from its canvas model).
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusPath } from '../src/main/testing/corpora';
import { openMusic, rollFrame } from './support/music';
import { eventually, expectNoPageErrors, useStudios } from './support/studio';
import { REPO_ROOT } from './support/studio-server';

const { startStudio } = useStudios();

describe('files from other programs in the Music view', () => {
  it.each([
    ['music21-test18-lyrics.mid', '明'],
    // A .kar file: the words are text events on a track of their own, after an @ header.
    ['jazz-karaoke-kar.mid', 'Ma'],
  ])('%s: the lyrics show under the notes they are sung on', async (file, firstWord) => {
    const { server, ai, openTab } = await startStudio();
    copyFileSync(corpusPath('midi', file), join(server.workspace, file));
    await ai.midiSession(`open ${file}`);
    const tab = await openTab();
    const { page } = tab;
    await openMusic(page);
    await eventually(async () => (await rollFrame(page)).lyrics.length).toBeGreaterThan(2);
    const { lyrics, notes } = await rollFrame(page);
    expect(lyrics.map((l) => l.text)).toContain(firstWord);
    const under = lyrics.filter((l) => l.noteId !== undefined);
    // Most syllables start with a note; each of those is painted just under it, from its left edge.
    expect(under.length).toBeGreaterThan(lyrics.length / 2);
    for (const lyric of under) {
      const note = notes.find((n) => n.id === lyric.noteId)!;
      expect(note.tick).toBe(lyric.tick);
      expect(lyric.x).toBe(note.x);
      expect(lyric.y).toBeGreaterThan(note.y + note.h);
      expect(lyric.y).toBeLessThan(note.y + note.h + 20);
    }
    // Later syllables further right.
    for (let i = 1; i < lyrics.length; i++) expect(lyrics[i].x).toBeGreaterThan(lyrics[i - 1].x);
    mkdirSync(join(REPO_ROOT, 'test-results'), { recursive: true });
    await page.screenshot({ path: join(REPO_ROOT, 'test-results', `lyrics-${file.replace(/\.mid$/, '')}.png`) });
    expectNoPageErrors(tab);
  });
});
