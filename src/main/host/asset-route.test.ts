/**
 * Domains' assets (midi's SoundFont for the player, drawio's image files for the canvas) through a
 * real host: the /asset/ HTTP route (browser tabs) and the IPC answer (Electron), served by the host
 * without naming the domain.
 */
import { mkdirSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type SocketLike, createWebSocketApi } from '../../renderer/src/api/ws-api';
import { MAX_IMAGE_BYTES } from '../../shared/drawio/render/image-source';
import { defaultSoundFontPath } from '../domains/midi/audio/soundfont-file';
import type { StudioHost } from './studio-host';
import { makeTemporaryDir, temporaryWorkspace } from '../testing/temporary-studio';

/** The smallest file that passes the header check (`RIFF size sfbk`). */
const TINY_SOUNDFONT = Buffer.concat([Buffer.from('RIFF'), Buffer.from([4, 0, 0, 0]), Buffer.from('sfbk')]);

describe('asset requests (midi/soundfont)', () => {
  const temp = temporaryWorkspace('tandem-sf-');
  let outside: string;
  let host: StudioHost;
  let token: string;

  beforeEach(async () => {
    outside = makeTemporaryDir('tandem-sf-outside-');
    mkdirSync(join(temp.dir, 'fonts'));
    writeFileSync(join(temp.dir, 'fonts', 'tiny.sf2'), TINY_SOUNDFONT);
    writeFileSync(join(temp.dir, 'fonts', 'song.sf2'), 'MThd this is a MIDI file');
    writeFileSync(join(outside, 'secret.sf2'), TINY_SOUNDFONT);
    symlinkSync(join(outside, 'secret.sf2'), join(temp.dir, 'fonts', 'link.sf2'));
    host = await temp.startHost();
    token = JSON.parse(readFileSync(join(temp.dir, '.tandem', 'endpoint.json'), 'utf8')).token;
  });

  afterEach(async () => {
    rmSync(outside, { recursive: true, force: true });
  });

  const get = (query = '', headers: Record<string, string> = { Authorization: `Bearer ${token}` }) => fetch(`${host.url}/asset/midi/soundfont${query}`, { headers });

  it('serves the default General MIDI SoundFont to a caller with the token', async () => {
    const response = await get();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.length).toBe(readFileSync(defaultSoundFontPath()).length);
    expect(bytes.subarray(0, 4).toString()).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString()).toBe('sfbk');
  });

  it('serves a SoundFont inside the workspace by its path', async () => {
    const response = await get('?path=fonts/tiny.sf2');
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(TINY_SOUNDFONT);
  });

  it('refuses callers without the right token, from another origin, and other methods', async () => {
    expect((await get('', {})).status).toBe(401);
    expect((await get('', { Authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await get('', { Authorization: `Bearer ${token}`, Origin: 'http://evil.example' })).status).toBe(403);
    const post = await fetch(`${host.url}/asset/midi/soundfont`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    expect(post.status).toBe(405);
  });

  it('refuses paths outside the workspace, through links, missing files and files that are not SoundFonts, with a code', async () => {
    const refusal = async (query: string) => {
      const response = await get(query);
      return { status: response.status, ...((await response.json()) as { error: { code: string; message: string; try?: string } }).error };
    };
    expect(await refusal('?path=../escape.sf2')).toMatchObject({ status: 403, code: 'path_outside_workspace' });
    expect(await refusal('?path=fonts/link.sf2')).toMatchObject({ status: 403, code: 'path_outside_workspace' });
    expect(await refusal('?path=fonts/none.sf2')).toMatchObject({ status: 404, code: 'file_not_found' });
    expect(await refusal('?path=fonts/song.sf2')).toMatchObject({ status: 422, code: 'file_invalid', message: expect.stringMatching(/not a SoundFont/) });
    expect(await refusal('?path=notes.txt')).toMatchObject({ status: 400, code: 'bad_param', try: expect.stringMatching(/\.sf2$/) });
    expect(await refusal('?path=.tandem/x.sf2')).toMatchObject({ status: 403, code: 'path_outside_workspace' });
  });

  it('refuses an asset no domain serves, naming the ones there are', async () => {
    const response = await fetch(`${host.url}/asset/midi/soundfonts`, { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: unknown }).error).toMatchObject({ code: 'bad_param', try: 'midi/soundfont' });
    expect(await host.answerAsset({ domain: 'drawio', name: 'soundfont' })).toMatchObject({ error: { code: 'bad_param', message: "no asset 'drawio/soundfont'" } });
    expect((await fetch(`${host.url}/asset/midi/soundfont/extra`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(404);
  });

  it('answers the Electron window the same way: bytes, or the error with its code', async () => {
    const ok = await host.answerAsset({ domain: 'midi', name: 'soundfont', path: 'fonts/tiny.sf2' });
    expect('result' in ok && Buffer.from(ok.result as Uint8Array)).toEqual(TINY_SOUNDFONT);
    const byDefault = await host.answerAsset({ domain: 'midi', name: 'soundfont' });
    expect('result' in byDefault && (byDefault.result as Uint8Array).length).toBe(readFileSync(defaultSoundFontPath()).length);
    expect(await host.answerAsset({ domain: 'midi', name: 'soundfont', path: '../x.sf2' })).toMatchObject({ error: { code: 'path_outside_workspace' } });
    expect(await host.answerAsset({ domain: 'midi', name: 'soundfont', path: 7 })).toMatchObject({ error: { code: 'bad_request' } });
  });

  it("is what the browser tab's API client fetches, with the tab's token", async () => {
    // Only the SoundFont is under test here: the client's socket never opens.
    const idleSocket: SocketLike = { readyState: 0, send: () => undefined, close: () => undefined, onopen: null, onclose: null, onmessage: null, onerror: null };
    const api = createWebSocketApi({ url: `${host.url.replace('http:', 'ws:')}/api`, token, createSocket: () => idleSocket });
    try {
      expect(Buffer.from(await api.asset('midi', 'soundfont', 'fonts/tiny.sf2'))).toEqual(TINY_SOUNDFONT);
      expect((await api.asset('midi', 'soundfont')).byteLength).toBe(readFileSync(defaultSoundFontPath()).length);
      await expect(api.asset('midi', 'soundfont', 'fonts/song.sf2')).rejects.toMatchObject({ code: 'file_invalid', suggestion: expect.stringMatching(/\.sf2/) });
    } finally {
      api.close();
    }
    const stranger = createWebSocketApi({ url: `${host.url.replace('http:', 'ws:')}/api`, token: 'not-the-token', createSocket: () => idleSocket });
    await expect(stranger.asset('midi', 'soundfont')).rejects.toMatchObject({ code: 'unauthorized' });
    stranger.close();
  });
});

describe("asset requests (drawio/image: a diagram's image file for the canvas, read-only)", () => {
  const temp = temporaryWorkspace('tandem-image-');
  /** A 1x1 PNG. */
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>';
  let outside: string;
  let host: StudioHost;

  beforeEach(async () => {
    outside = makeTemporaryDir('tandem-image-outside-');
    mkdirSync(join(temp.dir, 'diagrams', 'img', 'folder.png'), { recursive: true });
    writeFileSync(join(temp.dir, 'diagrams', 'img', 'logo.png'), png);
    writeFileSync(join(temp.dir, 'diagrams', 'img', 'icon.SVG'), svg);
    writeFileSync(join(temp.dir, 'diagrams', 'notes.txt'), 'not an image');
    writeFileSync(join(outside, 'secret.png'), png);
    symlinkSync(join(outside, 'secret.png'), join(temp.dir, 'diagrams', 'img', 'link.png'));
    host = await temp.startHost();
  });
  afterEach(() => rmSync(outside, { recursive: true, force: true }));

  const image = (path: unknown) => host.answerAsset({ domain: 'drawio', name: 'image', path });

  it('serves a workspace image, whatever the case of its extension, to the window and to a tab with the token', async () => {
    expect(await image('diagrams/img/logo.png')).toEqual({ result: new Uint8Array(png) });
    expect(Buffer.from(((await image('diagrams/img/icon.SVG')) as { result: Uint8Array }).result).toString()).toBe(svg);
    const response = await fetch(`${host.url}/asset/drawio/image?path=${encodeURIComponent('diagrams/img/logo.png')}`, { headers: { Authorization: `Bearer ${host.token}` } });
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(png);
    expect((await fetch(`${host.url}/asset/drawio/image?path=diagrams/img/logo.png`)).status).toBe(401);
  });

  it('refuses a path outside the workspace, a link leading out, a missing file, a folder, a file that is no image and no path', async () => {
    expect(await image('../secret.png')).toMatchObject({ error: { code: 'path_outside_workspace' } });
    expect(await image(join(outside, 'secret.png'))).toMatchObject({ error: { code: 'path_outside_workspace' } });
    expect(await image('diagrams/img/link.png')).toMatchObject({ error: { code: 'path_outside_workspace' } });
    expect(await image('diagrams/img/gone.png')).toMatchObject({ error: { code: 'file_not_found', suggestion: expect.any(String) } });
    expect(await image('diagrams/img/folder.png')).toMatchObject({ error: { code: 'file_not_found' } });
    expect(await image('diagrams/notes.txt')).toMatchObject({ error: { code: 'bad_param', message: expect.stringContaining('not an image'), suggestion: expect.stringContaining('.png') } });
    expect(await image('')).toMatchObject({ error: { code: 'bad_param' } });
    expect(await host.answerAsset({ domain: 'drawio', name: 'image' })).toMatchObject({ error: { code: 'bad_param' } });
  });

  it('refuses an image past the limit, naming it, over HTTP with 413', async () => {
    const big = join(temp.dir, 'diagrams', 'img', 'huge.png');
    writeFileSync(big, '');
    truncateSync(big, MAX_IMAGE_BYTES + 1);
    expect(await image('diagrams/img/huge.png')).toMatchObject({ error: { code: 'too_large', message: expect.stringContaining(`${MAX_IMAGE_BYTES}`), suggestion: 'shrink the image' } });
    const response = await fetch(`${host.url}/asset/drawio/image?path=diagrams/img/huge.png`, { headers: { Authorization: `Bearer ${host.token}` } });
    expect(response.status).toBe(413);
  });
});
