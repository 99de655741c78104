import { resolve } from 'node:path';
import { type Plugin, defineConfig } from 'vite';

/**
 * The Claude Desktop bundle's server: the stdio bridge (src/main/mcp/bundle/main.ts) with the MCP
 * SDK and zod inlined into one plain JavaScript file, for Node without node_modules. No native
 * module may come in: the build fails naming the importer if one does.
 */
function noNativeModules(): Plugin {
  const native = /(^|\/)(better-sqlite3|bindings|dockerode|ssh2|cpu-features)(\/|$)|\.node$/;
  return {
    name: 'tandem-no-native-modules',
    enforce: 'pre',
    resolveId(source, importer) {
      if (native.test(source)) this.error(`the bundle's bridge must not import ${source} (imported by ${importer}): it runs without native modules`);
      return null;
    },
  };
}

export default defineConfig({
  plugins: [noNativeModules()],
  build: {
    ssr: resolve(import.meta.dirname, 'src/main/mcp/bundle/main.ts'),
    outDir: resolve(import.meta.dirname, 'out/bundle'),
    emptyOutDir: true,
    target: 'node20',
    minify: true,
    rollupOptions: { output: { format: 'cjs', entryFileNames: 'index.js' } },
  },
  ssr: { noExternal: true, target: 'node' },
});
