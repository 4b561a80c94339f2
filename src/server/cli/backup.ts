/**
 * `npm run backup -- <file>` writes a backup of the configured store (SQLite or PostgreSQL);
 * `npm run restore -- <file> --replace` replaces the store's contents with a backup. Restore into
 * SQLite with the server stopped; into PostgreSQL any time (one transaction; viewers resynchronise).
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { loadConfig } from '../config.js';
import { openStore } from '../storage/open-store.js';
import { restoreBackup, writeBackup } from '../ops/backup.js';

async function main([command, file, flag]: string[]): Promise<number> {
  if (!file || (command !== 'backup' && command !== 'restore') || (command === 'restore' && flag !== '--replace')) {
    console.error('usage: npm run backup -- <file>\n       npm run restore -- <file> --replace   (replaces everything in the store)');
    return 2;
  }
  try {
    process.loadEnvFile();
  } catch {
    // no .env
  }
  const store = await openStore(loadConfig());
  try {
    if (command === 'backup') {
      const out = createWriteStream(file, { flags: 'wx', mode: 0o600 });
      const rows = await writeBackup(store, async (line) => {
        if (!out.write(`${line}\n`)) await once(out, 'drain');
      });
      out.end();
      await once(out, 'finish');
      console.log(`backup written to ${file} (${rows} rows, ${store.dialect})`);
    } else {
      const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
      const rows = await restoreBackup(store, lines);
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
