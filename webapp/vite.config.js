import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import icuCatalogs from './i18n-plugin.js';

// API target for `npm run dev` / `npm run preview`: the Flask API on 127.0.0.1:5000 unless told otherwise.
const apiTarget = process.env.API_URL || 'http://127.0.0.1:5000';
const proxy = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/json': { target: apiTarget, changeOrigin: false },
};

export default defineConfig({
  plugins: [icuCatalogs(), react()],
  resolve: {
    alias: [
      // Catalogs arrive parsed (i18n-plugin.js): the runtime needs no ICU parser (about 5 KB gzipped less).
      { find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/lib/no-parser.js' },
      // One moment for the app and its locales (moment/dist/locale/* import ../moment, the ES build).
      { find: /^moment$/, replacement: 'moment/dist/moment.js' },
    ],
  },
  define: { global: 'globalThis' },
  // nginx/hosts.json (the host table) lives beside the webapp.
  server: { proxy, host: '127.0.0.1', fs: { allow: ['..'] } },
  preview: { proxy, host: '127.0.0.1', allowedHosts: true },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 600 },
  test: {
    environment: 'jsdom',
    // Worker threads rather than processes: the same isolation per file, 82 s instead of 100 s for the suite here
    // (jsdom's set-up per file is most of it).
    pool: 'threads',
    globals: true,
    setupFiles: ['./src/test-setup.js'],
    include: ['src/**/*.test.{js,jsx}'],
    server: { deps: { inline: [/moment/, /intl-messageformat/, /@formatjs/] } },
  },
});
