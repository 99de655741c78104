/**
 * The access token of a browser tab. `tandem serve` prints a URL ending in `#token=...`; the page
 * keeps the token in sessionStorage (so a reload still works) and takes it out of the address bar
 * at once, so it is not left in the history or shown over someone's shoulder.
 */
export const TOKEN_STORAGE_KEY = 'tandem.token';

export interface TokenEnvironment {
  location: Pick<Location, 'hash' | 'pathname' | 'search'>;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  replaceUrl(url: string): void;
}

export function takeToken(env: TokenEnvironment): string | undefined {
  const fragment = new URLSearchParams(env.location.hash.replace(/^#/, ''));
  const fromUrl = fragment.get('token');
  if (fromUrl) {
    env.storage.setItem(TOKEN_STORAGE_KEY, fromUrl);
    fragment.delete('token');
    const rest = fragment.toString();
    env.replaceUrl(env.location.pathname + env.location.search + (rest ? `#${rest}` : ''));
    return fromUrl;
  }
  return env.storage.getItem(TOKEN_STORAGE_KEY) ?? undefined;
}
