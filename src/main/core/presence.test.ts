import { beforeEach, describe, expect, it } from 'vitest';
import type { PresenceEvent } from '../../shared/presence';
import { PRESENCE_LIMITS } from '../../shared/presence';
import { drawioDomain } from '../domains/drawio';
import { midiDomain } from '../domains/midi';
import { Studio } from './studio';
import { temporaryWorkspace } from '../testing/temporary-studio';

const temp = temporaryWorkspace('tandem-presence-');
let studio: Studio;

beforeEach(async () => {
  studio = await temp.open({ domains: [drawioDomain, midiDomain], toolDomains: [] });
});

type Rec = { id: string; kind: string; alias?: string; theme?: string; trackId?: string; vel?: number };
const records = async (domain: string) => (await studio.snapshot(domain)).records as Rec[];
const shapeId = async (alias: string) => (await records('drawio')).find((r) => r.kind === 'shape' && r.alias === alias)!.id;

describe('@selected in the diagram', () => {
  beforeEach(async () => {
    const answer = await studio.fcp('drawio').mutate(['add svc A', 'add svc B', 'add svc C', 'connect A -> B'], 'claude');
    expect(answer.isError).toBe(false);
  });

  it('is a clear error with no window, and with nothing selected says which window', async () => {
    const noWindow = await studio.fcp('drawio').mutate(['style @selected theme:green'], 'claude');
    expect(noWindow.isError).toBe(true);
    expect(noWindow.text).toContain('no studio window shows the Diagram view');
    expect(noWindow.text).toContain('[no_selection]');

    const tab = studio.presence.openWindow('browser');
    studio.presence.report(tab, { domain: 'drawio', ids: [], visible: true });
    const nothing = await studio.fcp('drawio').mutate(['style @selected theme:green'], 'claude');
    expect(nothing.text).toMatch(/nothing is selected in the Diagram view \(browser tab \d+\)/);
    expect((await studio.fcp('drawio').query('selection', 'claude')).text).toContain('[no_selection]');
  });

  it("styles exactly the person's shapes, as the AI's edit in history", async () => {
    const tab = studio.presence.openWindow('browser');
    studio.presence.report(tab, { domain: 'drawio', ids: [await shapeId('A'), await shapeId('C')], visible: true });
    const answer = await studio.fcp('drawio').mutate(['style @selected theme:green'], 'claude');
    expect(answer.isError).toBe(false);
    const themes = Object.fromEntries((await records('drawio')).filter((r) => r.kind === 'shape').map((r) => [r.alias, r.theme]));
    expect(themes).toMatchObject({ A: 'green', C: 'green' });
    expect(themes.B).not.toBe('green');
    expect((await studio.fcp('drawio').query('history 1', 'claude')).text).toContain('claude batch: style @selected theme:green');
    // Presence is not a change: reporting a selection bumped no sequence number.
    const seq = (await studio.snapshot('drawio')).seq;
    studio.presence.report(tab, { domain: 'drawio', ids: [await shapeId('B')], visible: true });
    expect((await studio.snapshot('drawio')).seq).toBe(seq);
  });

  it('uses the window the person used last, and says which', async () => {
    const first = studio.presence.openWindow('browser');
    const second = studio.presence.openWindow('browser');
    studio.presence.report(first, { domain: 'drawio', ids: [await shapeId('A')], visible: true });
    await new Promise((r) => setTimeout(r, 5));
    studio.presence.report(second, { domain: 'drawio', ids: [await shapeId('B')], visible: true });
    const answer = await studio.fcp('drawio').query('selection', 'claude');
    expect(answer.text.split('\n')[0]).toBe(`selection (browser tab ${second.slice(1)}): 1 shape, 0 edges on page Page-1`);
    expect(answer.text).toContain('B');
    studio.presence.closeWindow(second);
    expect((await studio.fcp('drawio').query('selection', 'claude')).text).toMatch(/\n\s+.*\bA\b/);
  });

  it('describes selected edges in the selection query, and summarizes a huge selection', async () => {
    const tab = studio.presence.openWindow('electron');
    const edge = (await records('drawio')).find((r) => r.kind === 'edge')!.id;
    studio.presence.report(tab, { domain: 'drawio', ids: [edge], visible: true });
    expect((await studio.fcp('drawio').query('selection', 'claude')).text).toMatch(/0 shapes, 1 edge[\s\S]*A -> B|0 shapes, 1 edge[\s\S]*A.*B/);
    const onlyEdges = await studio.fcp('drawio').mutate(['style @selected theme:green'], 'claude');
    expect(onlyEdges.text).toContain('holds no shapes');

    const many = [await shapeId('A'), ...Array.from({ length: PRESENCE_LIMITS.maxIds + 50 }, (_, i) => `gone-${i}`)];
    studio.presence.report(tab, { domain: 'drawio', ids: many.slice(0, PRESENCE_LIMITS.maxIds), count: many.length, visible: true });
    const text = (await studio.fcp('drawio').query('selection', 'claude')).text;
    expect(text).toContain(`and ${many.length - PRESENCE_LIMITS.maxIds} more selected, not listed`);
  });

  it("tells every window which records a client's query read, and not the person's", async () => {
    const events: PresenceEvent[] = [];
    studio.presence.subscribe((e) => events.push(e));
    await studio.fcp('drawio').query('describe A', 'claude');
    await studio.fcp('drawio').query('describe B', 'person');
    await studio.fcp('drawio').query('connections A', 'claude');
    const reads = events.filter((e) => e.type === 'read');
    expect(reads).toHaveLength(2);
    expect(reads[0]).toMatchObject({ origin: 'claude', domain: 'drawio', ids: [await shapeId('A')], what: 'describe A' });
    expect(reads[1].ids).toContain(await shapeId('A'));
    expect(reads[1].ids).toHaveLength(2);
  });
});

describe('@selected in the song', () => {
  it('picks the selected notes, or every note of a selected track', async () => {
    const midi = studio.fcp('midi');
    const added = await midi.mutate(['track add Piano', 'track add Bass program:33', 'note Piano C4 at:1.1 vel:80', 'note Piano E4 at:1.2 vel:80', 'note Bass C2 at:1.1 vel:80'], 'claude');
    expect(added.text).not.toContain('!');
    const all = await records('midi');
    const notes = all.filter((r) => r.kind === 'note');
    const piano = all.find((r) => r.kind === 'track' && (r as { name?: string }).name === 'Piano')!;
    const bass = all.find((r) => r.kind === 'track' && (r as { name?: string }).name === 'Bass')!;
    const tab = studio.presence.openWindow('browser');

    const first = notes.find((n) => n.trackId === piano.id)!;
    studio.presence.report(tab, { domain: 'midi', ids: [first.id], visible: true, focus: { kind: 'track', id: piano.id, name: 'Piano' } });
    expect((await midi.mutate(['velocity @selected -20'], 'claude')).isError).toBe(false);
    const after = (await records('midi')).filter((r) => r.kind === 'note');
    expect(after.filter((n) => n.vel === 60).map((n) => n.id)).toEqual([first.id]);

    studio.presence.report(tab, { domain: 'midi', ids: [bass.id], visible: true });
    expect((await midi.query('selection', 'claude')).text).toMatch(/^selection \(browser tab \d+\): track Bass \(@selected: all 1 note\)\n  Bass ch:2/);
    expect((await midi.mutate(['velocity @selected +10'], 'claude')).isError).toBe(false);
    const velocities = (await records('midi')).filter((r) => r.kind === 'note').map((n) => [n.trackId === bass.id ? 'bass' : 'piano', n.vel]);
    expect(velocities.sort()).toEqual([['bass', 90], ['piano', 60], ['piano', 80]]);
    // The diagram's selection is its own: nothing selected there.
    expect((await studio.fcp('drawio').query('selection', 'claude')).text).toContain('no studio window shows the Diagram view');
  });
});

describe('connected clients', () => {
  it('lists clients from initialize to close with what each last did', () => {
    const seen: PresenceEvent[] = [];
    studio.presence.subscribe((e) => seen.push(e));
    studio.presence.clientConnected('c1', 'claude-desktop');
    studio.presence.clientActed('c1', 'drawio_query describe A', true);
    studio.presence.clientActed('unknown', 'ignored', false);
    expect(studio.presence.clients()).toMatchObject([{ id: 'c1', name: 'claude-desktop', lastAction: { what: 'drawio_query describe A', read: true } }]);
    studio.presence.clientDisconnected('c1');
    expect(studio.presence.clients()).toEqual([]);
    expect(seen.filter((e) => e.type === 'clients')).toHaveLength(3);
  });
});

