/**
 * The clinic's SMS provider settings, saved and audited (decision 070); checked by rule.ts `checkSmsSettings`.
 * The auth token is sealed before it is written and never read back to a screen or the audit trail: staff see
 * only whether one is saved. An empty token keeps the one saved.
 */
import type { Sealer } from '../../auth/sealed.js';
import type { Store } from '../../storage/port.js';
import type { RuntimeTable } from '../../storage/schema.js';
import { type Actor, writeAudit } from '../audit.js';
import { TOKEN_CONTEXT } from './keys.js';
import { checkSmsSettings, type SmsSettingsInput } from './rule.js';

export interface SmsSettingsView {
  on: boolean;
  accountSid: string;
  from: string;
  tokenSaved: boolean;
}

export function smsSettingsView(row: Pick<RuntimeTable, 'sms_on' | 'sms_account_sid' | 'sms_auth_token' | 'sms_from'>): SmsSettingsView {
  return { on: row.sms_on === 1, accountSid: row.sms_account_sid ?? '', from: row.sms_from ?? '', tokenSaved: row.sms_auth_token !== null };
}

export async function saveSmsSettings({ store, seal, input, actor }: { store: Store; seal: Sealer; input: SmsSettingsInput; actor?: Actor }) {
  return store.write(async ({ tx, emit, runtime, now }) => {
    const checked = checkSmsSettings(input, runtime.sms_auth_token !== null);
    const token = checked.authToken === null ? runtime.sms_auth_token : seal.seal(checked.authToken, TOKEN_CONTEXT);
    await tx
      .updateTable('runtime')
      .set({ sms_on: checked.on ? 1 : 0, sms_account_sid: checked.accountSid, sms_auth_token: token, sms_from: checked.from })
      .where('id', '=', 1)
      .execute();
    emit({ type: 'settingsChanged' });
    const before = smsSettingsView(runtime);
    const after = { ...smsSettingsView({ sms_on: checked.on ? 1 : 0, sms_account_sid: checked.accountSid, sms_auth_token: token, sms_from: checked.from }), tokenChanged: checked.authToken !== null };
    await writeAudit(tx, actor, { action: 'saveSmsSettings', before, after }, now);
    return { ok: true as const, settings: smsSettingsView({ sms_on: checked.on ? 1 : 0, sms_account_sid: checked.accountSid, sms_auth_token: token, sms_from: checked.from }) };
  });
}
