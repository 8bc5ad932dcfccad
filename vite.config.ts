import fs from 'node:fs';
import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import postcss from 'postcss';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// Mantine keeps each component's class names in `<Name>.module.mjs` and its rules in
// `@mantine/core/styles/<Name>.css`; dates and notifications ship one stylesheet each.
const CORE_CLASSES = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.mjs$/;
const DATES_CLASSES = /[\\/]@mantine[\\/]dates[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.mjs$/;
const PACKAGE_CLASSES = /[\\/]@mantine[\\/]notifications[\\/]esm[\\/].*\.module\.mjs$/;
const DATES_CSS_PREFIX = 'mantine-dates-css:';

/**
 * The rules of `@mantine/dates/styles.css` that style one component's classes, given the text of
 * its `<Name>.module.mjs` (which maps class keys to `m_<hash>` names). Rules naming no Mantine
 * class at all (none today) go with every component.
 */
function datesRulesOf(moduleText: string, stylesheet: string): string {
  const own = new Set([...moduleText.matchAll(/"(m_[0-9a-f]+)"/g)].map((match) => match[1]));
  const root = postcss.parse(stylesheet);
  root.walkRules((rule) => {
    const classes = [...rule.selector.matchAll(/\.(m_[0-9a-f]+)/g)].map((match) => match[1]);
    if (classes.length && !classes.some((name) => own.has(name))) rule.remove();
  });
  root.walkAtRules((atRule) => {
    if (atRule.nodes?.length === 0) atRule.remove();
  });
  return root.toString();
}

/**
 * Makes every Mantine component bring its own stylesheet: the module holding its class names
 * imports the matching CSS, so each route's chunk carries only the CSS of the components it uses
 * instead of the 290 kB `styles.css` on every page. `@mantine/dates` ships one stylesheet for all
 * its components; it is cut per component here (Register Visitor loads 1.5 kB less). The global
 * base (baseline, global) is imported once by `web/main.tsx`.
 */
function mantineCssByComponent(): Plugin {
  const require = createRequire(import.meta.url);
  const datesModules = new Map<string, string>();
  return {
    name: 'gatehouse:mantine-css-by-component',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(DATES_CSS_PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${DATES_CSS_PREFIX}`)) return null;
      const name = id.slice(DATES_CSS_PREFIX.length + 1, -'.css'.length);
      const stylesheet = fs.readFileSync(require.resolve('@mantine/dates/styles.css'), 'utf8');
      return datesRulesOf(fs.readFileSync(datesModules.get(name) as string, 'utf8'), stylesheet);
    },
    transform(code, id) {
      const core = CORE_CLASSES.exec(id);
      if (core) return { code: `import '@mantine/core/styles/${core[1]}.css';\n${code}`, map: null };
      const dates = DATES_CLASSES.exec(id);
      if (dates) {
        datesModules.set(dates[1], id);
        return { code: `import '${DATES_CSS_PREFIX}${dates[1]}.css';\n${code}`, map: null };
      }
      const shared = PACKAGE_CLASSES.exec(id);
      if (shared) return { code: `import '@mantine/notifications/styles.css';\n${code}`, map: null };
      return null;
    },
  };
}

/**
 * The installable app (issue 32): the manifest, and a Workbox service worker that precaches the
 * built shell so the app opens at once and offline (the shell then says "You're offline"). It
 * caches no API answer: only build files are precached and there is no runtime cache. The reader
 * page keeps its own manifest and its stricter-than-shell CSP, so its navigations are not served
 * from the worker; nor are the server's own pages.
 */
const installableApp = VitePWA({
  injectRegister: null,
  registerType: 'autoUpdate',
  includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
  manifest: {
    id: '/',
    name: 'Gatehouse',
    short_name: 'Gatehouse',
    description: 'Open your gates and let your visitors in.',
    start_url: '/access-gates?source=app',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#0b7285',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    // A manifest is one file for everyone, so the shortcut cannot carry a person's gate name: the
    // screen it opens does ("Open Main Gate"), focused for one tap (docs/decisions/0054).
    shortcuts: [
      {
        name: 'Open my favourite gate',
        short_name: 'Open gate',
        url: '/access-gates?open=favourite&source=shortcut',
        icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }],
      },
      { name: 'Register a visitor', url: '/?source=app', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png}'],
    globIgnores: ['**/reader*', '**/zxing*'],
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//, /^\/reader/, /^\/(livez|readyz|healthz|metrics)/],
    runtimeCaching: [],
    importScripts: ['/push-handlers.js'],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
  },
});

export default defineConfig({
  root: 'web',
  plugins: [react(), mantineCssByComponent(), installableApp],
  resolve: { alias: { '@core': new URL('./core', import.meta.url).pathname } },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    manifest: true,
    // What the entry imports statically loads on every page anyway: one chunk instead of a dozen
    // small ones (React, Mantine's Box, the query client) compresses better and saves requests
    // (about 4 kB gzip on each route; docs/decisions/0029).
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] } } },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
