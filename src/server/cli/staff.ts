/**
 * `npm run staff -- add <username>`: creates a staff account. The password comes from STAFF_PASSWORD or
 * standard input (never from the command line, where other users of the machine could read it).
 */
import { createInterface } from 'node:readline';
import { ConfigError, loadConfig } from '../config.js';
import { openStore } from '../storage/open-store.js';
import { addStaffAccount } from '../auth/staff-accounts.js';

async function readPassword(): Promise<string> {
  if (process.env.STAFF_PASSWORD) return process.env.STAFF_PASSWORD;
  if (process.stdin.isTTY) process.stderr.write('Password (8+ characters): ');
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line.replace(/\r$/, '');
  }
  return '';
}

async function main(argv: string[]) {
  const [command, username] = argv;
  if (command !== 'add' || !username) {
    console.error('usage: npm run staff -- add <username>   (password from STAFF_PASSWORD or standard input)');
    return 2;
  }
  try {
    process.loadEnvFile();
  } catch {
    // no .env
  }
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    // The same clear message as the server's, not a stack trace.
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    return 1;
  }
  const store = await openStore(config);
  try {
    await addStaffAccount(store, username, await readPassword());
    console.log(`staff account "${username}" created`);
    return 0;
  } catch (err) {
    const unique = store.isUniqueViolation(err);
    console.error(unique ? `staff account "${username}" already exists` : (err as Error).message);
    return 1;
  } finally {
    await store.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
