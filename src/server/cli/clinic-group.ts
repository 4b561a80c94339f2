/**
 * `npm run clinic -- group …`: the deployment's group accounts (decision 081). A password comes from
 * GROUP_PASSWORD or standard input, as the staff command reads one.
 */
import type { Store } from '../storage/port.js';
import * as groups from '../ops/group-accounts.js';
import { readPassword } from './read-password.js';

export const GROUP_USAGE = `       npm run clinic -- group add <username> [--clinics a,b]   a group account (password from GROUP_PASSWORD or standard input)
       npm run clinic -- group list
       npm run clinic -- group grant <username> <clinicId>    give it a clinic
       npm run clinic -- group revoke <username> <clinicId>   take it away (ends its sessions in that clinic)
       npm run clinic -- group passwd <username>              a new password (ends its group sessions)
       npm run clinic -- group disable|enable <username>      disable ends its group sessions and every clinic session
       npm run clinic -- group remove <username>              delete it (its clinic sessions end; audit trails keep its name)`;

/** What the command did, or null for a command that is not one (the usage is printed). */
export async function groupCommand(store: Store, words: string[], clinicsFlag: string | undefined, now: string): Promise<string | null> {
  const [command, username, other, ...rest] = words;
  if (rest.length > 0) return null;
  if (command === 'list') {
    if (username) return null;
    const rows = await groups.listGroupAccounts(store);
    return rows.map((g) => `${g.username}\t${g.disabledAt ? 'disabled' : 'enabled'}\t${g.clinics.join(',') || '(no clinic)'}`).join('\n');
  }
  if (!username) return null;
  switch (command) {
    case 'add': {
      if (other) return null;
      const clinics = clinicsFlag ? clinicsFlag.split(',').map((c) => c.trim()).filter(Boolean) : [];
      await groups.addGroupAccount(store, username, await readPassword('GROUP_PASSWORD'), clinics, now);
      return `group account "${username}" added${clinics.length ? ` with ${clinics.join(', ')}` : ' (no clinic yet: npm run clinic -- group grant)'}`;
    }
    case 'grant':
    case 'revoke':
      if (!other) return null;
      await (command === 'grant' ? groups.grantClinic(store, username, other) : groups.revokeClinic(store, username, other));
      return command === 'grant' ? `group account "${username}" is given the clinic ${other}` : `group account "${username}" no longer has the clinic ${other}; its sessions there are ended`;
    case 'passwd':
      if (other) return null;
      await groups.setGroupPassword(store, username, await readPassword('GROUP_PASSWORD'));
      return `group account "${username}" has a new password; its group sessions are ended`;
    case 'disable':
    case 'enable':
      if (other) return null;
      await groups.setGroupDisabled(store, username, command === 'disable', now);
      return command === 'disable' ? `group account "${username}" disabled; its sessions are ended` : `group account "${username}" enabled`;
    case 'remove':
      if (other) return null;
      await groups.removeGroupAccount(store, username);
      return `group account "${username}" removed; its sessions are ended`;
    default:
      return null;
  }
}
