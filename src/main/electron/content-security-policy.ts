/**
 * The Content-Security-Policy the Electron main process adds to every response of our app's
 * content (besides the meta tag in index.html; where both apply, a resource must pass both).
 * Pure: tested under Node.
 */
import type { RendererLocation } from './renderer-location';

const HEADER = 'Content-Security-Policy';

/**
 * The built renderer loads only its own files: no inline or remote script, no eval (WebAssembly may
 * be compiled, for the audio worklet), no frames, no plugins, and no connections (the window talks
 * to the core over IPC, not the network). Workers may start from blob: URLs (Tone.js's clock runs
 * in one). The dev server additionally needs Vite's inline React-refresh preamble and its HMR WebSocket.
 */
export function contentSecurityPolicy(location: RendererLocation): string {
  const dev = location.kind === 'dev-server';
  const hmrSocket = dev ? ` ${location.origin.replace(/^http/, 'ws')}` : '';
  const directives: [string, string][] = [
    ['default-src', "'none'"],
    // 'wasm-unsafe-eval' compiles WebAssembly only (no JS eval): the SoundFont synth's AudioWorklet
    // decodes SF3 (Ogg Vorbis) samples with a WebAssembly decoder.
    ['script-src', dev ? "'self' 'unsafe-inline' 'wasm-unsafe-eval'" : "'self' 'wasm-unsafe-eval'"],
    // React and @xyflow/react set style attributes; inline styles cannot run code.
    ['style-src', "'self' 'unsafe-inline'"],
    ['img-src', "'self' data: blob:"],
    ['font-src', "'self' data:"],
    ['connect-src', `'self'${hmrSocket}`],
    ['worker-src', "'self' blob:"],
    ['media-src', "'self' blob:"],
    ['object-src', "'none'"],
    ['frame-src', "'none'"],
    ['frame-ancestors', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'none'"],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join('; ');
}

/** Response headers with our policy in place of any the response brought (header names are case-insensitive). */
export function withContentSecurityPolicy(
  headers: Record<string, string | string[]> | undefined,
  policy: string,
): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() === HEADER.toLowerCase()) continue;
    result[name] = Array.isArray(value) ? value : [value];
  }
  result[HEADER] = [policy];
  return result;
}
