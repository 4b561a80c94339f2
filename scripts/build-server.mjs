// `npm run build:server`: the server and its command-line tools as one bundle with split chunks.
// Loading a few bundled files instead of hundreds of modules is most of the start-up time a clinic's
// small machine spends (docs/benchmarks.md). Type checking stays with `npm run typecheck`.
import { build } from 'esbuild';

const outdir = process.argv[2] ?? 'dist/server';
await build({
  entryPoints: ['src/server/main.ts', 'src/server/cli/staff.ts', 'src/server/cli/backup.ts', 'src/server/cli/doctor.ts', 'src/server/cli/richmenu.ts'],
  outbase: 'src/server',
  outdir,
  bundle: true,
  // Lazily imported modules (LINE SDK, Web Push, token signing, argon2) stay out of the start-up path.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Whitespace and syntax only: names stay, so a stack trace in the log still reads.
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: true,
  // Native addons load their binaries from node_modules at run time.
  external: ['better-sqlite3', '@node-rs/argon2', 'pg-native'],
  // Bundled CommonJS dependencies call require(); ES modules have none of their own.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});
