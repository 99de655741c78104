/**
 * The studio's chat views (MCP Apps, src/apps/<domain>-<view>/): each built by Vite into one
 * self-contained page, out/apps/<domain>-<view>.html, its script and styles inlined (a host such as
 * Claude Desktop loads it into a sandboxed iframe that may fetch nothing). `APP=<folder> vite build
 * -c apps.vite.config.mts` builds one; scripts/build-apps.mjs builds them all after electron-vite.
 *
 * The inlining is the small plugin below rather than vite-plugin-singlefile: that one peers on
 * rollup 4, which Vite 8 (rolldown) no longer ships, and would bring rollup and its native binary
 * in for what is one string replacement per page.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const root = dirname(fileURLToPath(import.meta.url));
const app = process.env.APP;
if (!app) throw new Error('APP=<folder in src/apps> is required (scripts/build-apps.mjs sets it)');

/** Puts the page's script and stylesheet into the page itself and drops them as files. */
function inlineIntoPage(): Plugin {
  return {
    name: 'tandem-inline-into-page',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const page = Object.values(bundle).find((file) => file.type === 'asset' && file.fileName.endsWith('.html'));
      if (!page || page.type !== 'asset') return;
      let html = String(page.source);
      for (const [name, file] of Object.entries(bundle)) {
        if (file.type === 'chunk') {
          // A script's `</script>` would end the element early: escaped, it means the same to JavaScript.
          const code = file.code.replace(/<\/script/gi, '<\\/script');
          html = html.replace(new RegExp(`<script[^>]*src="[^"]*${escapeRe(file.fileName)}"[^>]*></script>`), () => `<script type="module">${code}</script>`);
          delete bundle[name];
        } else if (file.fileName.endsWith('.css')) {
          html = html.replace(new RegExp(`<link[^>]*href="[^"]*${escapeRe(file.fileName)}"[^>]*>`), () => `<style>${String(file.source)}</style>`);
          delete bundle[name];
        }
      }
      page.source = html;
    },
  };
}

/**
 * Zod (under the MCP SDK's schemas) exports its error messages in 50 languages as one namespace,
 * which the SDK's `z` keeps whole; a view's errors are never shown in them, so only English stays.
 */
function englishZodMessagesOnly(): Plugin {
  const id = '\0zod-locales-en';
  return {
    name: 'tandem-zod-english-only',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === '../locales/index.js' && importer && /[\\/]zod[\\/]v4[\\/](classic|core)[\\/]/.test(importer) ? id : undefined;
    },
    load(loaded) {
      return loaded === id ? `export { default as en } from 'zod/v4/locales/en.js';` : undefined;
    },
  };
}

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export default defineConfig({
  root: resolve(root, 'src/apps', app),
  base: './',
  logLevel: 'warn',
  build: {
    outDir: resolve(root, 'out/apps', app),
    emptyOutDir: true,
    minify: true,
    // Everything in the page: no chunk, no asset file, no module preload polyfill fetching one.
    assetsInlineLimit: Number.MAX_SAFE_INTEGER,
    cssCodeSplit: false,
    modulePreload: false,
    rollupOptions: { output: { codeSplitting: false } },
  },
  plugins: [englishZodMessagesOnly(), inlineIntoPage()],
});
