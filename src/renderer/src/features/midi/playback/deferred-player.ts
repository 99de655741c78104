/**
 * Playback whose code (Tone.js and the SoundFont synthesiser) loads only when the Music view first
 * shows (its first subscriber) or is asked to play: the window's first paint does not wait for it.
 * Calls made before it has loaded are handed on, in order, once it has.
 */
import type { PlaybackState, Player } from './player-api';

export function deferredPlayer(load: () => Promise<Player>): Player {
  let real: Player | undefined;
  let loading: Promise<Player> | undefined;
  let disposed = false;
  let state: PlaybackState = { ready: false, playing: false, tick: 0, loop: null, metronome: false };
  const listeners = new Set<(state: PlaybackState) => void>();
  const notify = (next: PlaybackState) => {
    state = next;
    for (const listener of listeners) listener(next);
  };
  const loaded = (): Promise<Player> =>
    (loading ??= load().then(
      (player) => {
        if (disposed) player.dispose();
        real = player;
        player.subscribe(notify);
        notify(player.getState());
        return player;
      },
      (err: unknown) => {
        notify({ ...state, error: `playback could not load: ${err instanceof Error ? err.message : String(err)}` });
        throw err;
      },
    ));
  const handOn = (call: (player: Player) => void) => {
    if (real) call(real);
    else void loaded().then(call, () => undefined);
  };
  return {
    play: (fromTick) => loaded().then((player) => player.play(fromTick)),
    pause: () => handOn((player) => player.pause()),
    stop: () => handOn((player) => player.stop()),
    seek: (tick) => handOn((player) => player.seek(tick)),
    setLoop: (loop) => handOn((player) => player.setLoop(loop)),
    setMetronome: (on) => handOn((player) => player.setMetronome(on)),
    getState: () => real?.getState() ?? state,
    subscribe(listener) {
      listeners.add(listener);
      void loaded().catch(() => undefined);
      return () => listeners.delete(listener);
    },
    dispose() {
      disposed = true;
      listeners.clear();
      real?.dispose();
    },
  };
}
