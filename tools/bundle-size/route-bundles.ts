import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** One item of Vite's build manifest (dist/web/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteBundle {
  /** The lazily loaded screen, such as `features/login/login-page.tsx`. */
  page: string;
  /** Every JS and CSS file a first load of the route downloads. */
  files: string[];
  gzipBytes: number;
  rawBytes: number;
}

/** Where the signed-in header's bell lives; it loads on every screen a signed-in person sees. */
const SIGNED_IN_CHROME = 'widgets/notification-bell/notification-bell.tsx';
/** Lazily loaded screens; other dynamic imports (toasts, the bell) load later, on demand. */
const PAGE = /^features\/.+-page\.tsx$/;
/** Screens shown without the signed-in header: the login form, a visitor's pass and the gate reader's kiosk. */
const SIGNED_OUT_PAGES = [
  'features/login/login-page.tsx',
  'features/pass/pass-page.tsx',
  'features/reader/reader-page.tsx',
];

export function readManifest(distDir: string): Manifest {
  return JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'));
}

/** A chunk's own file, its CSS, and everything it imports statically (what loads with it). */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

const gzipSize = (buffer: Buffer) => zlib.gzipSync(buffer, { level: 9 }).length;

/**
 * Per lazily loaded screen: the entry (HTML's script and CSS, with their static imports), the
 * screen's chunk and its imports and CSS, and for screens a signed-in person sees, the bell.
 */
export function routeBundles(distDir: string): RouteBundle[] {
  const manifest = readManifest(distDir);
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error(`no entry in ${distDir}/.vite/manifest.json`);
  const entryFiles = staticClosure(manifest, entryKey);
  const pages = (manifest[entryKey].dynamicImports ?? []).filter((key) => PAGE.test(key));
  const sizes = new Map<string, { raw: number; gzip: number }>();
  const sizeOf = (file: string) => {
    if (!sizes.has(file)) {
      const buffer = fs.readFileSync(path.join(distDir, file));
      sizes.set(file, { raw: buffer.length, gzip: gzipSize(buffer) });
    }
    return sizes.get(file)!;
  };
  return pages.map((page) => {
    const files = new Set(entryFiles);
    staticClosure(manifest, page, files);
    if (!SIGNED_OUT_PAGES.includes(page)) staticClosure(manifest, SIGNED_IN_CHROME, files);
    const list = [...files].filter((file) => /\.(js|css)$/.test(file)).sort();
    return {
      page,
      files: list,
      gzipBytes: list.reduce((sum, file) => sum + sizeOf(file).gzip, 0),
      rawBytes: list.reduce((sum, file) => sum + sizeOf(file).raw, 0),
    };
  });
}
