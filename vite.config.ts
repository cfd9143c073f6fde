import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig, type PluginOption } from 'vite';
import { precompress } from './scripts/precompress.ts';

/** npm run build:report: the bundle's treemap (dist/bundle-report.html) and its data (dist/bundle-report.json), gzipped sizes. */
const report: PluginOption[] = process.env.BUNDLE_REPORT
  ? [
      visualizer({ filename: 'dist/bundle-report.html', template: 'treemap', gzipSize: true, title: 'Giornata: il bundle del client' }),
      visualizer({ filename: 'dist/bundle-report.json', template: 'raw-data', gzipSize: true }),
    ]
  : [];

export default defineConfig({
  root: 'client',
  // precompress(): each hashed asset's .br and .gz, which the server sends to browsers that accept them (server/app.ts).
  plugins: [react(), precompress(), ...report],
  css: {
    preprocessorOptions: {
      // client/app/bootstrap.scss: Bootstrap 5.3's own Sass (only the parts the app uses) still uses @import and Sass's
      // global functions, which Dart Sass reports as deprecated on every build.
      scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'] },
    },
  },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // What matters is the gzipped JavaScript and CSS of each route's first visit, which `npm test` and `npm run bench`
    // check against their budgets (bench/client-size.ts); the lazily loaded PDF libraries are big chunks of their own.
    chunkSizeWarningLimit: 600,
    // Browsers without modulepreload (Safari 16) still load every module, through its import, one step later: the
    // polyfill was 0.2 KB of every first visit, for every browser.
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: { '/server': 'http://127.0.0.1:3000' },
  },
});
