import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// Mantine keeps each component's class names in `<Name>.module.mjs` and its rules in
// `@mantine/core/styles/<Name>.css`; dates and notifications ship one stylesheet each.
const CORE_CLASSES = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.mjs$/;
const PACKAGE_CLASSES = /[\\/]@mantine[\\/](dates|notifications)[\\/]esm[\\/].*\.module\.mjs$/;

/**
 * Makes every Mantine component bring its own stylesheet: the module holding its class names
 * imports the matching CSS, so each route's chunk carries only the CSS of the components it uses
 * instead of the 290 kB `styles.css` on every page. The global base (baseline, global)
 * is imported once by `web/main.tsx`.
 */
function mantineCssByComponent(): Plugin {
  return {
    name: 'gatehouse:mantine-css-by-component',
    enforce: 'pre',
    transform(code, id) {
      const core = CORE_CLASSES.exec(id);
      if (core) return { code: `import '@mantine/core/styles/${core[1]}.css';\n${code}`, map: null };
      const shared = PACKAGE_CLASSES.exec(id);
      if (shared) return { code: `import '@mantine/${shared[1]}/styles.css';\n${code}`, map: null };
      return null;
    },
  };
}

export default defineConfig({
  root: 'web',
  plugins: [react(), mantineCssByComponent()],
  resolve: { alias: { '@core': new URL('./core', import.meta.url).pathname } },
  build: { outDir: '../dist/web', emptyOutDir: true, manifest: true },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
