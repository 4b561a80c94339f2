/**
 * `npm run backup -- <file>` writes a backup of the configured store (SQLite or PostgreSQL);
 * `npm run restore -- <file> --replace` replaces the store's contents with a backup. Restore into
 * SQLite with the server stopped; into PostgreSQL any time (one transaction; viewers resynchronise).
 */
import { createReadStream } from 'node:fs';
import { access, open, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { loadCliConfig } from './cli-config.js';
import { openStore } from '../storage/open-store.js';
import { restoreBackup, writeBackup } from '../ops/backup.js';

async function main([command, file, flag]: string[]): Promise<number> {
  if (!file || (command !== 'backup' && command !== 'restore') || (command === 'restore' && flag !== '--replace')) {
    console.error('usage: npm run backup -- <file>\n       npm run restore -- <file> --replace   (replaces everything in the store)');
    return 2;
  }
  const config = loadCliConfig();
  if (!config) return 1;
  let out: Awaited<ReturnType<typeof open>> | null = null;
  try {
    // Owner-only (a backup holds patients' ids), and never over an existing file: 'wx' creates or fails.
    if (command === 'backup') out = await open(file, 'wx', 0o600);
    else await access(file);
  } catch (err) {
    const exists = (err as NodeJS.ErrnoException).code === 'EEXIST';
    console.error(exists ? `${file} already exists: backups never overwrite a file, choose a new name` : (err as Error).message);
    return 1;
  }
  let store: Awaited<ReturnType<typeof openStore>>;
  try {
    store = await openStore(config);
  } catch (err) {
    if (out) await out.close().then(() => rm(file, { force: true }));
    console.error((err as Error).message);
    return 1;
  }
  try {
    if (out) {
      const stream = out.createWriteStream();
      try {
        const rows = await writeBackup(store, async (line) => {
          if (!stream.write(`${line}\n`)) await once(stream, 'drain');
        });
        stream.end();
        await once(stream, 'finish');
        console.log(`backup written to ${file} (${rows} rows, ${store.dialect})`);
      } catch (err) {
        // A half-written backup must not be mistaken for one.
        stream.destroy();
        await rm(file, { force: true });
        throw err;
      }
    } else {
      // A function, so a transaction retried after a transient conflict reads the file again.
      const rows = await restoreBackup(store, () => createInterface({ input: createReadStream(file), crlfDelay: Infinity }));
      console.log(`restored ${rows} rows from ${file} into ${store.dialect}`);
    }
    return 0;
  } catch (err) {
    console.error((err as Error).message);
    return 1;
  } finally {
    await store.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
