// `npm run build:server`: the server as one CommonJS bundle (serve.cjs) that main.js loads through V8's
// code cache (decision 029), and the command-line tools as ES module bundles with split chunks. Loading a
// few bundled files instead of hundreds of modules, and not compiling them again at every start, is most
// of the start-up time a clinic's small machine spends (docs/benchmarks.md). Type checking stays with
// `npm run typecheck`.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const outdir = process.argv[2] ?? 'dist/server';
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  // Whitespace and syntax only: names stay, so a stack trace in the log still reads.
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: true,
  // Native addons load their binaries from node_modules at run time.
  external: ['better-sqlite3', '@node-rs/argon2', 'pg-native'],
  logLevel: 'warning',
};
// First, so main.js (what `npm start` compares with the sources) is the newest file of the build.
const server = await build({
  ...common,
  entryPoints: ['src/server/serve.ts'],
  outfile: `${outdir}/serve.cjs`,
  format: 'cjs',
  // One file, compiled once and cached: lazily imported modules (LINE SDK, Web Push, token signing) are in
  // it but run only when first needed. import.meta.url is the bundle's own URL, as in an ES module.
  define: { 'import.meta.url': '__bundleUrl' },
  banner: { js: "const __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  metafile: true,
  // Licence notices go beside the bundle (serve.cjs.LEGAL.txt): one of them holds a non-ASCII name.
  legalComments: 'external',
});
// V8 holds a script's source for as long as it runs: an ASCII-only file is held one byte a character, one
// non-ASCII character anywhere doubles it (6 MB instead of 3 MB of every server's memory).
if (readFileSync(`${outdir}/serve.cjs`).some((byte) => byte > 0x7f)) {
  throw new Error('serve.cjs must be ASCII only: write non-ASCII text as a string (esbuild escapes strings), not in a regex or sql template');
}
// A script run from V8's code cache has no loader for import() on Node 20: it would fail only on the
// second start. External packages are required instead (e.g. auth/password-hashing.ts).
const dynamic = Object.values(server.metafile.outputs).flatMap((o) => o.imports.filter((i) => i.kind === 'dynamic-import'));
if (dynamic.length) throw new Error(`serve.cjs must not import() at run time: ${dynamic.map((i) => i.path).join(', ')}`);
await build({
  entryPoints: ['src/server/main.ts', 'src/server/cli/staff.ts', 'src/server/cli/clinic.ts', 'src/server/cli/backup.ts', 'src/server/cli/doctor.ts', 'src/server/cli/richmenu.ts'],
  outbase: 'src/server',
  outdir,
  ...common,
  // Lazily imported modules (LINE SDK, Web Push, token signing, argon2) stay out of a command's start.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  format: 'esm',
  // main.js loads the server from serve.cjs (from ./serve.js only when run from the sources).
  external: [...common.external, './serve.js'],
  // Bundled CommonJS dependencies call require(); ES modules have none of their own.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
