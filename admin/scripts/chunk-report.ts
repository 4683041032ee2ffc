/**
 * What each admin route downloads, from the Vite manifest of the last build (`vite build` first):
 * the login route's JavaScript must stay under 150 KB gzipped and must not contain Quill.
 * Run: `pnpm --filter @cfp/admin report` (exits 1 when the budget is broken).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const budgetBytes = 150 * 1024;
const loginSource = 'src/features/auth/components/login-page.tsx';
/** Quill's editor root class: present in any chunk that bundles Quill. */
const quillMarker = 'ql-editor';

// Written there by vite.config.ts, out of the served dist/ folder.
const manifestFile = fileURLToPath(new URL('../.cache/build-manifest.json', import.meta.url));
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;

function chunk(key: string): ManifestChunk {
  const found = manifest[key];
  if (!found) throw new Error(`${key} is not in the manifest`);
  return found;
}

/** The chunk and everything it imports statically: what the browser fetches before running it. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of chunk(key).imports ?? []) closure(imported, seen);
  return seen;
}

interface Row {
  file: string;
  bytes: number;
  gzip: number;
  quill: boolean;
}

function measure(file: string): Row {
  const content = readFileSync(path.join(dist, file));
  return { file, bytes: content.length, gzip: gzipSync(content).length, quill: content.includes(quillMarker) };
}

function filesOf(keys: Iterable<string>): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css = new Set<string>();
  for (const key of keys) {
    const entry = chunk(key);
    js.push(entry.file);
    for (const sheet of entry.css ?? []) css.add(sheet);
  }
  return { js, css: [...css] };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);
const sum = (rows: Row[], field: 'bytes' | 'gzip') => rows.reduce((total, row) => total + row[field], 0);

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('no entry chunk in the manifest');
const entryKeys = closure(entryKey);
const loginKeys = closure(loginSource, new Set(entryKeys));

const login = filesOf(loginKeys);
const loginJs = login.js.map(measure);
const loginCss = login.css.map(measure);

console.log('Login route (/admin/login): every file the browser loads, gzip -6\n');
console.log('| file | raw KB | gzip KB |');
console.log('|---|---:|---:|');
for (const row of [...loginJs, ...loginCss]) console.log(`| ${row.file} | ${kb(row.bytes)} | ${kb(row.gzip)} |`);
console.log(`| **JavaScript total** | ${kb(sum(loginJs, 'bytes'))} | ${kb(sum(loginJs, 'gzip'))} |`);
console.log(`| CSS total | ${kb(sum(loginCss, 'bytes'))} | ${kb(sum(loginCss, 'gzip'))} |`);

console.log('\nOther routes: JavaScript added on top of the entry (gzip KB)\n');
const entryFiles = new Set(filesOf(entryKeys).js);
for (const [key, value] of Object.entries(manifest)) {
  if (!value.isDynamicEntry || key === loginSource) continue;
  const extra = filesOf(closure(key, new Set(entryKeys))).js.filter((file) => !entryFiles.has(file));
  const rows = extra.map(measure);
  const quill = rows.some((row) => row.quill) ? '  (Quill)' : '';
  console.log(`${kb(sum(rows, 'gzip'))}  ${key.replace(/^src\//, '')}${quill}`);
}

const problems: string[] = [];
if (sum(loginJs, 'gzip') >= budgetBytes) problems.push(`login JavaScript is ${kb(sum(loginJs, 'gzip'))} KB gzip, over 150 KB`);
for (const row of loginJs.filter((item) => item.quill)) problems.push(`Quill is in ${row.file}, loaded by the login route`);
if (problems.length > 0) {
  console.error(`\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('\nBudget kept: login JavaScript under 150 KB gzip, without Quill.');
