/**
 * Loads the server bundle (dist/server/serve.cjs) with V8's code cache, the start-up work Node 22's
 * module.enableCompileCache does and Node 20 lacks (decision 029): most of a start was V8 compiling the
 * bundle, and the bare Fastify it is measured against compiles far less. Node builtins only: this runs
 * before anything else is loaded.
 *
 * The cache is V8's own format. V8 checks it against its version, its flags and the source's LENGTH only,
 * so the file is named after a hash of the bundle's content: a rebuilt or edited bundle never runs with
 * the code compiled from another one. A cache V8 refuses costs one compile and is written again.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import { basename, dirname, join } from 'node:path';
import vm from 'node:vm';

/**
 * How this start compiled the server, logged with "clinic queue ready": `used` (from the cache),
 * `compiled` (no cache yet: written after start), `rejected` (V8 refused the cache, e.g. other Node flags:
 * written again), `sources` (run from the TypeScript sources, no bundle).
 */
export type CodeCacheStatus = 'used' | 'compiled' | 'rejected' | 'sources';

/** Written this long after the server listens (or at exit, if sooner): by then the first requests ran too. */
const WRITE_AFTER_MS = 5000;

export interface LoadedBundle {
  exports: Record<string, unknown>;
  status: CodeCacheStatus;
  /** Call once the server listens: writes the cache if this start had none it could use. */
  keepCache(): void;
}

/** The bundle at `file`, run as CommonJS; undefined when there is no bundle (running from the sources). */
export function loadBundle(file: string): LoadedBundle | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  const dir = join(dirname(file), '.cache');
  const prefix = `${basename(file)}-`;
  const key = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  const cacheFile = join(dir, `${prefix}${key}-${process.version}-${process.arch}.v8`);
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    // none yet
  }
  // No import() loader: on Node 20 a script compiled from the cache loses it, so the build refuses a
  // bundle with an import() left in it (scripts/build-server.mjs); packages load through require.
  const script = new vm.Script(Module.wrap(bytes.toString('utf8')), { filename: file, cachedData });
  const status: CodeCacheStatus = !cachedData ? 'compiled' : script.cachedDataRejected ? 'rejected' : 'used';
  cachedData = undefined;
  const module = { exports: {} as Record<string, unknown> };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(file), module, file, dirname(file));

  let pending = status !== 'used';
  const write = () => {
    if (!pending) return;
    pending = false;
    try {
      // After running: the cache then holds every function start-up compiled, not just the top level.
      const data = script.createCachedData();
      mkdirSync(dir, { recursive: true });
      // Another process may be writing the same cache: each writes its own file and renames it into place.
      const temporary = `${cacheFile}.${process.pid}.tmp`;
      writeFileSync(temporary, data);
      renameSync(temporary, cacheFile);
      for (const name of readdirSync(dir)) {
        if (name.startsWith(prefix) && name !== basename(cacheFile) && !name.endsWith('.tmp')) rmSync(join(dir, name), { force: true });
      }
    } catch {
      // A read-only installation starts without the cache, as slowly as before; nothing else depends on it.
    }
  };
  return {
    exports: module.exports,
    status,
    keepCache() {
      if (!pending) return;
      setTimeout(write, WRITE_AFTER_MS).unref();
      process.once('exit', write);
    },
  };
}
