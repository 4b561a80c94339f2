/**
 * `npm run staff -- add|disable|enable|remove|passwd <username>`: manages staff accounts. A password comes
 * from STAFF_PASSWORD or standard input (never from the command line, where other users of the machine
 * could read it). Every command but `add` ends the account's open sessions and is written to the audit trail.
 */
import { loadCliConfig } from './cli-config.js';
import { openStore } from '../storage/open-store.js';
import { addStaffAccount, changeStaffAccount, type StaffChange } from '../auth/staff-accounts.js';
import { readPassword as readFrom } from './read-password.js';

const readPassword = () => readFrom('STAFF_PASSWORD');

const USAGE = `usage: npm run staff -- add <username>      create an account (password from STAFF_PASSWORD or standard input)
       npm run staff -- passwd <username>   set a new password (the same way) and end its sessions
       npm run staff -- disable <username>  refuse its sign-ins and end its sessions
       npm run staff -- enable <username>   let a disabled account sign in again
       npm run staff -- remove <username>   delete the account and its sessions (the audit trail keeps the name)
       … --clinic <id>                      an account of that clinic (several clinics on one deployment)`;

const COMMANDS = ['add', 'passwd', 'disable', 'enable', 'remove'] as const;
type Command = (typeof COMMANDS)[number];

async function change(command: Exclude<Command, 'add'>): Promise<StaffChange> {
  return command === 'passwd' ? { action: command, password: await readPassword() } : { action: command };
}

const DONE: Record<Command, string> = {
  add: 'created',
  passwd: 'has a new password; its sessions are ended',
  disable: 'disabled; its sessions are ended',
  enable: 'enabled',
  remove: 'removed',
};

async function main(argv: string[]) {
  // `--clinic <id>` anywhere: an account of that clinic (decision 077); without it, the clinic `default`'s.
  const at = argv.indexOf('--clinic');
  const clinic = at >= 0 ? argv[at + 1] : undefined;
  const words = at >= 0 ? [...argv.slice(0, at), ...argv.slice(at + 2)] : argv;
  const [command, username, ...rest] = words as [Command, string | undefined, ...string[]];
  if (!COMMANDS.includes(command) || !username || rest.length > 0 || (at >= 0 && !clinic)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadCliConfig();
  if (!config) return 1;
  const opened = await openStore(config);
  const store = clinic ? opened.forClinic(clinic) : opened;
  try {
    if (clinic && !(await opened.deployment.selectFrom('clinics').select('id').where('id', '=', clinic).executeTakeFirst())) {
      console.error(`no clinic ${clinic} (npm run clinic -- list)`);
      return 1;
    }
    if (command === 'add') await addStaffAccount(store, username, await readPassword());
    else if (!(await changeStaffAccount(store, username, await change(command)))) {
      console.error(`no staff account "${username}"`);
      return 1;
    }
    console.log(`staff account "${username}" ${DONE[command]}`);
    return 0;
  } catch (err) {
    const unique = store.isUniqueViolation(err);
    console.error(unique ? `staff account "${username}" already exists` : (err as Error).message);
    return 1;
  } finally {
    await opened.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
