/**
 * Helpers for the midi tests: a song in an FcpDocument (the pipeline clients use), ops that must
 * succeed or fail, queries, and record lookups. Imported by *.test.ts only.
 */
import { expect } from 'vitest';
import { FcpDocument } from '../../fcp/document';
import { midiDomain } from './index';
import type { MidiMetaRecord, MidiNoteRecord, MidiRecord, MidiTrackRecord } from './model';

export type Song = FcpDocument<MidiRecord>;

export const DIGEST = /^hash:[0-9a-f]{6} tracks:\d+ notes:\d+$/;

export function newSong(params: Record<string, string> = {}, title = 'Test'): Song {
  return FcpDocument.create(midiDomain, { title, params });
}

/** Where the digest is in an answer: last, or followed only by `? ...` warnings. */
function digestAt(lines: readonly string[]): number {
  const at = lines.findLastIndex((l) => DIGEST.test(l));
  expect(at, lines.join('\n')).toBeGreaterThanOrEqual(0);
  for (const line of lines.slice(at + 1)) expect(line).toMatch(/^\? /);
  return at;
}

/** Applies a batch that must succeed; returns its answer lines before the digest. */
export async function ok(song: Song, ...ops: string[]): Promise<string[]> {
  const answer = await song.applyBatch(ops, 'test');
  expect(answer.ok, answer.text).toBe(true);
  return answer.lines.slice(0, digestAt(answer.lines));
}

/** Applies a batch that must succeed; returns the warnings after its digest. */
export async function warnings(song: Song, ...ops: string[]): Promise<string[]> {
  const answer = await song.applyBatch(ops, 'test');
  expect(answer.ok, answer.text).toBe(true);
  return answer.lines.slice(digestAt(answer.lines) + 1);
}

/** Applies a batch that must fail; returns the whole answer text (which still ends with the digest). */
export async function fails(song: Song, ...ops: string[]): Promise<string> {
  const answer = await song.applyBatch(ops, 'test');
  expect(answer.ok, answer.text).toBe(false);
  expect(answer.lines.at(-1)).toMatch(DIGEST);
  return answer.text;
}

export async function query(song: Song, q: string): Promise<string> {
  const answer = await song.query(q);
  expect(answer.ok, answer.text).toBe(true);
  return answer.text;
}

export async function queryFails(song: Song, q: string): Promise<string> {
  const answer = await song.query(q);
  expect(answer.ok, answer.text).toBe(false);
  return answer.text;
}

export function tracks(song: Song): MidiTrackRecord[] {
  return song.store.all<MidiTrackRecord>('track');
}

export function track(song: Song, name: string): MidiTrackRecord {
  const found = tracks(song).filter((t) => t.name === name);
  expect(found, `one track called ${name}`).toHaveLength(1);
  return found[0];
}

/** Notes by tick then pitch, optionally of one track. */
export function notes(song: Song, trackName?: string): MidiNoteRecord[] {
  const id = trackName === undefined ? undefined : track(song, trackName).id;
  return song.store
    .all<MidiNoteRecord>('note')
    .filter((n) => id === undefined || n.trackId === id)
    .sort((a, b) => a.tick - b.tick || a.pitch - b.pitch);
}

/** `[pitch, tick, dur, vel]` of each note, for compact expectations. */
export function noteTuples(song: Song, trackName?: string): [number, number, number, number][] {
  return notes(song, trackName).map((n) => [n.pitch, n.tick, n.dur, n.vel]);
}

export function meta(song: Song): MidiMetaRecord {
  return song.store.get<MidiMetaRecord>('meta')!;
}

export function digest(song: Song): string {
  return midiDomain.digest(song.store);
}
