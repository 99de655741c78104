/**
 * An AudioWorklet processor that measures its input on the audio thread: the RMS of every render
 * quantum (128 frames), sent to the page with the quantum's audio time. The page's own timers
 * stall on a busy machine; the audio thread renders every quantum, so no stretch of sound is missed.
 * Plain JavaScript: Vite hands it to the worklet as it is (`?url`).
 */
class LevelMeter extends AudioWorkletProcessor {
  process(inputs) {
    const channels = inputs[0] ?? [];
    let sum = 0;
    let frames = 0;
    for (const channel of channels) {
      for (let i = 0; i < channel.length; i++) sum += channel[i] * channel[i];
      frames += channel.length;
    }
    this.port.postMessage([currentTime, frames ? Math.sqrt(sum / frames) : 0]);
    return true;
  }
}

registerProcessor('level-meter', LevelMeter);
