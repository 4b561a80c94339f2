/**
 * `npm run clinic -- …`: the operator's clinics on this deployment (decision 077). Every clinic's data stays
 * its own; `export` writes one clinic as a backup file and `import` makes it here, ids kept.
 */
import { createReadStream } from 'node:fs';
import { access, open, readFile, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { loadCliConfig } from './cli-config.js';
import { openStore } from '../storage/open-store.js';
import type { Store } from '../storage/port.js';
import * as clinics from '../ops/clinics.js';
import { DEFAULT_CLINIC } from '../storage/migration-0031-clinics.js';
import { clearClinicLine, setClinicLine, showClinicLine } from '../ops/clinic-line.js';
import { serverSecret } from '../auth/secrets.js';
import { GROUP_USAGE, groupCommand } from './clinic-group.js';

const USAGE = `usage: npm run clinic -- list
       npm run clinic -- add <id> [--name <name>] [--host <host>]…   a new clinic (reception off, one queue)
       npm run clinic -- host-add <id> <host>       let <host> reach the clinic
       npm run clinic -- host-remove <id> <host>
       npm run clinic -- disable <id>               its hosts answer "closed"; its data is kept
       npm run clinic -- enable <id>
       npm run clinic -- remove <id> --yes          delete the clinic and every row it has
       npm run clinic -- export <id> <file>         the clinic's rows as a backup file (nothing of other clinics)
       npm run clinic -- import <id> <file> [--replace]   a clinic exported elsewhere, ids kept (LINE secrets not)
       npm run clinic -- line <id>                  the clinic's own LINE settings (secrets as "set" only)
       npm run clinic -- line <id> --env <file>     set them from a file of .env lines, replacing all: CLINIC_NAME,
                                                    LINE_LOGIN_CHANNEL_ID/SECRET, LINE_LIFF_ID(_BOOK/_ALL/_MY),
                                                    LINE_OFFICIAL_ACCOUNT_URL, LINE_BOT_PROMPT, LINE_BOT_USER_ID,
                                                    LINE_MESSAGING_CHANNEL_ACCESS_TOKEN/SECRET, LINE_MINIAPP_CHANNEL_ID/SECRET,
                                                    LINE_SERVICE_TEMPLATE, LINE_SERVICE_PARAMS
       npm run clinic -- line <id> --clear          forget them all
${GROUP_USAGE}`;

/** What a clinic without hosts is reached by (decision 078): `default`, every host nobody listed. */
const noHost = (id: string) => (id === DEFAULT_CLINIC ? '(every host not listed)' : '(no host)');

/** `--flag value` pairs and bare words, in order. */
function parse(args: string[]): { words: string[]; flags: Map<string, string[]>; bare: Set<string> } {
  const words: string[] = [];
  const flags = new Map<string, string[]>();
  const bare = new Set<string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--yes' || arg === '--replace' || arg === '--clear') bare.add(arg);
    else if (arg.startsWith('--')) flags.set(arg, [...(flags.get(arg) ?? []), args[++i] ?? '']);
    else words.push(arg);
  }
  return { words, flags, bare };
}

/** The group host reaches no clinic (decision 081): a clinic may not be given it. */
function notGroupHost(hosts: string[], groupHost: string | undefined): void {
  if (groupHost && hosts.some((h) => clinics.normaliseHost(h) === groupHost)) {
    throw new clinics.ClinicCommandError(`${groupHost} is this deployment's GROUP_HOST (the group page): it cannot reach a clinic`);
  }
}

async function run(store: Store, command: string, args: string[], secret: () => string, groupHost?: string): Promise<string | null> {
  const { words, flags, bare } = parse(args);
  const [id, other] = words;
  const now = new Date().toISOString();
  switch (command) {
    case 'group':
      return groupCommand(store, words, flags.get('--clinics')?.[0], now);
    case 'list': {
      const rows = await clinics.listClinics(store);
      return rows
        .map((c) => `${c.id}\t${c.disabledAt ? 'disabled' : 'open'}\t${c.hosts.join(',') || noHost(c.id)}\t${c.name ?? ''}`)
        .join('\n');
    }
    case 'add':
      if (!id) return null;
      notGroupHost(flags.get('--host') ?? [], groupHost);
      await clinics.addClinic(store, id, flags.get('--name')?.[0] ?? null, flags.get('--host') ?? [], now);
      return `clinic ${id} added (reception off; its staff: npm run staff -- add <username> --clinic ${id})`;
    case 'host-add':
    case 'host-remove':
      if (!id || !other) return null;
      if (command === 'host-add') notGroupHost([other], groupHost);
      await (command === 'host-add' ? clinics.addHost(store, id, other) : clinics.removeHost(store, id, other));
      return `${other} ${command === 'host-add' ? 'now reaches' : 'no longer reaches'} the clinic ${id}`;
    case 'disable':
    case 'enable':
      if (!id) return null;
      await clinics.setDisabled(store, id, command === 'disable', now);
      return `clinic ${id} ${command}d`;
    case 'remove':
      if (!id) return null;
      if (!bare.has('--yes')) throw new clinics.ClinicCommandError(`this deletes every row of the clinic ${id}: add --yes`);
      await clinics.removeClinic(store, id);
      return `clinic ${id} removed with every row it had`;
    case 'export':
      return id && other ? exportTo(store, id, other) : null;
    case 'import': {
      if (!id || !other) return null;
      await access(other);
      const lines = () => createInterface({ input: createReadStream(other), crlfDelay: Infinity });
      const rows = await clinics.importClinic(store, id, lines, { replace: bare.has('--replace'), now });
      // A file never holds the LINE secrets (decision 079): the clinic's settings came without them.
      const held = await store.forClinic(id).db.selectFrom('line_channels').select('id').executeTakeFirst();
      const again = held ? `; its LINE secrets are in no file: set them with npm run clinic -- line ${id} --env <file>` : '';
      return `clinic ${id}: ${rows} rows imported from ${other}${again}`;
    }
    case 'line':
      return id && !other ? lineCommand(store, id, flags.get('--env')?.[0], bare.has('--clear'), secret) : null;
    default:
      return null;
  }
}

async function lineCommand(store: Store, id: string, file: string | undefined, clear: boolean, secret: () => string): Promise<string | null> {
  if (file !== undefined && clear) return null;
  if (clear) return (await clearClinicLine(store, id)) ? `clinic ${id}: its own LINE settings forgotten` : `clinic ${id} had no LINE settings of its own`;
  if (file === undefined) return showClinicLine(store, id, secret());
  if (!file) return null;
  const names = await setClinicLine(store, id, await readFile(file, 'utf8'), secret());
  return `clinic ${id}: ${names.length} LINE settings written (${names.join(', ') || 'none'}); npm run clinic -- line ${id} shows them`;
}

async function exportTo(store: Store, id: string, file: string): Promise<string> {
  // Owner-only (it holds patients' ids), and never over an existing file.
  const out = await open(file, 'wx', 0o600);
  const stream = out.createWriteStream();
  try {
    const rows = await clinics.exportClinic(store, id, async (line) => {
      if (!stream.write(`${line}\n`)) await once(stream, 'drain');
    });
    stream.end();
    await once(stream, 'finish');
    return `clinic ${id} written to ${file} (${rows} rows)`;
  } catch (err) {
    stream.destroy();
    await rm(file, { force: true });
    throw err;
  }
}

async function main([command, ...args]: string[]): Promise<number> {
  if (!command) {
    console.error(USAGE);
    return 2;
  }
  const config = loadCliConfig();
  if (!config) return 1;
  const store = await openStore(config);
  try {
    // The key the server seals with (TOKEN_SECRET, or DATA_DIR's), read only by the commands that seal or open.
    const said = await run(store, command, args, () => serverSecret(config), config.GROUP_HOST);
    if (said === null) {
      console.error(USAGE);
      return 2;
    }
    if (said) console.log(said);
    return 0;
  } catch (err) {
    console.error((err as Error).message);
    return 1;
  } finally {
    await store.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
