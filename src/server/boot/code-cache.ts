/**
 * Loads the server bundle (dist/server/serve.cjs) with V8's code cache, the start-up work Node 22's
 * module.enableCompileCache does and Node 20 lacks (decision 029): most of a start was V8 compiling the
 * bundle, and the bare Fastify it is measured against compiles far less. Node builtins only: this runs
 * before anything else is loaded.
 *
 * The cache is V8's own format. V8 checks it against its version, its flags and the source's LENGTH only,
 * so the file is named after a hash of the bundle's content: a rebuilt or edited bundle never runs with
 * the code compiled from another one. A cache V8 refuses costs one compile and is written again.
 *
 * V8 runs a cache's bytecode as it finds it, so whoever can write the cache can run code as this server.
 * It therefore lives in a directory of DATA_DIR that only the server's user may enter (0700, files 0600),
 * and a cache another user could have written is not used (decision 046).
 */
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import vm from 'node:vm';

/**
 * How this start compiled the server, logged with "clinic queue ready": `used` (from the cache),
 * `compiled` (no cache yet: written after start), `rejected` (V8 refused the cache, e.g. other Node flags:
 * written again), `sources` (run from the TypeScript sources, no bundle).
 */
export type CodeCacheStatus = 'used' | 'compiled' | 'rejected' | 'sources';

/** Written this long after the server listens (or at exit, if sooner): by then the first requests ran too. */
const WRITE_AFTER_MS = 5000;
/**
 * Writing stops the event loop for 40–80 ms (V8 serialises every compiled function): not while the server
 * is busy. It waits for a second in which the loop was busy less than QUIET_UTILISATION of the time, up to
 * WRITE_BY_MS after listening. At 5 s it landed in the middle of the first opening burst (decision 080).
 */
const QUIET_UTILISATION = 0.05;
const WRITE_BY_MS = 10 * 60_000;

export interface LoadedBundle {
  exports: Record<string, unknown>;
  status: CodeCacheStatus;
  /** Call once the server listens: writes the cache if this start had none it could use. */
  keepCache(): void;
}

/** Owned by this user, with none of the `others` permission bits (group and world) set. */
function ours(path: string, others: number): boolean {
  const stat = statSync(path);
  return stat.uid === process.getuid?.() && (stat.mode & others) === 0;
}

/** The bundle at `file`, run as CommonJS with the cache in `dir`; undefined when there is no bundle (running from the sources). */
export function loadBundle(file: string, dir: string): LoadedBundle | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  const prefix = `${basename(file)}-`;
  const key = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  const cacheFile = join(dir, `${prefix}${key}-${process.version}-${process.arch}.v8`);
  let cachedData: Buffer | undefined;
  try {
    if (ours(dir, 0o077) && ours(cacheFile, 0o077)) cachedData = readFileSync(cacheFile);
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
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      chmodSync(dir, 0o700); // made before this rule, or by hand: fails unless it is ours
      // Where the cache lived before decision 046 (beside the bundle): nothing reads it any more.
      rmSync(join(dirname(file), '.cache'), { recursive: true, force: true });
      // Another process may be writing the same cache: each writes its own file and renames it into place.
      const temporary = `${cacheFile}.${process.pid}.tmp`;
      writeFileSync(temporary, data, { mode: 0o600 });
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
      const until = Date.now() + WRITE_BY_MS;
      let before = performance.eventLoopUtilization();
      const whenQuiet = () => {
        const now = performance.eventLoopUtilization();
        const busy = performance.eventLoopUtilization(now, before).utilization;
        before = now;
        if (busy < QUIET_UTILISATION || Date.now() >= until) write();
        else setTimeout(whenQuiet, 1000).unref();
      };
      setTimeout(() => {
        before = performance.eventLoopUtilization();
        setTimeout(whenQuiet, 1000).unref();
      }, WRITE_AFTER_MS - 1000).unref();
      process.once('exit', write);
    },
  };
}
