/**
 * The playground's build: static files in dist/playground, which `mdq serve`
 * serves beside the emulated API. mdq itself comes from src/ (the page is built
 * from the working tree), so `npm start` needs no package build first.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const page = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const src = (path: string) => fileURLToPath(new URL(`../src/${path}`, import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  logLevel: 'warn',
  resolve: {
    alias: [
      { find: /^mdq\/codemirror$/, replacement: src('codemirror/index.ts') },
      { find: /^mdq\/element$/, replacement: src('element/index.ts') },
      { find: /^mdq\/react$/, replacement: src('react/index.ts') },
      { find: /^mdq\/client$/, replacement: src('client/index.ts') },
      { find: /^mdq\/builder$/, replacement: src('builder/index.ts') },
      { find: /^mdq\/completion$/, replacement: src('completion/index.ts') },
      { find: /^mdq\/evaluator$/, replacement: src('evaluator/index.ts') },
      { find: /^mdq\/examples$/, replacement: src('examples/index.ts') },
      { find: /^mdq$/, replacement: src('index.ts') },
    ],
  },
  build: {
    outDir: fileURLToPath(new URL('../dist/playground', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    reportCompressedSize: false,
    rollupOptions: {
      // The playground, and the pages the browser suite drives: the element alone, the React wrapper.
      input: {
        index: page('index.html'),
        element: page('element.html'),
        react: page('react.html'),
      },
      output: {
        // Chunks that change at different paces instead of one of 600 kB (Vite warned on every
        // build): CodeMirror; mdq's core (with chevrotain); the search box (the elements and the
        // editor extension). Every src/ folder is named: a folder left to a chunk's rule would
        // come into it with what it imports (the React wrapper once brought the elements and
        // React into the core's chunk). The client and the React wrapper stay with their pages.
        manualChunks(id: string) {
          if (/node_modules[\\/](@codemirror|@lezer|crelt|style-mod|w3c-keyname)/.test(id))
            return 'codemirror';
          if (/node_modules[\\/](chevrotain|@chevrotain|lodash-es|regexp-to-ast)/.test(id))
            return 'mdq';
          if (!id.startsWith(src(''))) return undefined;
          const folder = id.slice(src('').length).split(/[\\/]/)[0];
          if (folder === 'element' || folder === 'codemirror') return 'search-box';
          if (folder === 'client' || folder === 'react') return undefined;
          return 'mdq';
        },
      },
    },
  },
});
