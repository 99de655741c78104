import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, withContentSecurityPolicy } from './content-security-policy';
import { rendererLocation } from './renderer-location';

const built = rendererLocation({ indexHtmlPath: '/opt/tandem/out/renderer/index.html' });
const dev = rendererLocation({ devServerUrl: 'http://localhost:5173', indexHtmlPath: '/opt/tandem/out/renderer/index.html' });

function directives(policy: string): Map<string, string> {
  return new Map(policy.split('; ').map((d) => [d.slice(0, d.indexOf(' ')), d.slice(d.indexOf(' ') + 1)]));
}

describe('contentSecurityPolicy', () => {
  it('lets the built renderer load only its own scripts, with no inline code, eval, network, frames or plugins', () => {
    const policy = directives(contentSecurityPolicy(built));
    expect(policy.get('default-src')).toBe("'none'");
    expect(policy.get('script-src')).toBe("'self' 'wasm-unsafe-eval'");
    expect(policy.get('connect-src')).toBe("'self'");
    expect(policy.get('object-src')).toBe("'none'");
    expect(policy.get('frame-src')).toBe("'none'");
    expect(policy.get('frame-ancestors')).toBe("'none'");
    expect(policy.get('base-uri')).toBe("'none'");
    expect(policy.get('form-action')).toBe("'none'");
    const text = contentSecurityPolicy(built);
    // WebAssembly may compile (the SoundFont synth's decoder), JavaScript may not be eval'd.
    expect(text).not.toMatch(/'unsafe-eval'|\*|https?:|ws:/);
    expect(policy.get('script-src')).not.toContain('unsafe-inline');
  });

  it("allows the dev server's inline preamble and its HMR socket, on its own origin only", () => {
    const policy = directives(contentSecurityPolicy(dev));
    expect(policy.get('script-src')).toBe("'self' 'unsafe-inline' 'wasm-unsafe-eval'");
    expect(policy.get('connect-src')).toBe("'self' ws://localhost:5173");
    expect(contentSecurityPolicy(dev)).not.toContain("'unsafe-eval'");
  });
});

describe('withContentSecurityPolicy', () => {
  it('replaces any policy the response brought, whatever the header case, and keeps the other headers', () => {
    const headers = withContentSecurityPolicy(
      { 'content-security-policy': ["default-src *"], 'Content-Type': 'text/html', 'X-Other': ['a', 'b'] },
      "default-src 'none'",
    );
    expect(headers).toEqual({ 'Content-Type': ['text/html'], 'X-Other': ['a', 'b'], 'Content-Security-Policy': ["default-src 'none'"] });
  });

  it('adds the policy to a response without headers', () => {
    expect(withContentSecurityPolicy(undefined, 'x')).toEqual({ 'Content-Security-Policy': ['x'] });
  });
});
