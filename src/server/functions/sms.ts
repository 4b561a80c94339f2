/** SMS (decision 070): a desk number's mobile, and the clinic's provider settings. */
import * as smsNumbers from '../domain/sms/apply.js';
import * as smsSettings from '../domain/sms/settings.js';
import type { FunctionDef } from '../http/function-def.js';

export const setSmsNumber: FunctionDef<'setSmsNumber'> = {
  access: 'staff',
  async run({ slotId, phone }, actor, _request, deps) {
    return smsNumbers.setSmsNumber({ store: deps.store, seal: deps.smsSealer, slotId, phone, actor });
  },
};

export const saveSmsSettings: FunctionDef<'saveSmsSettings'> = {
  access: 'staff',
  async run(input, actor, _request, deps) {
    return smsSettings.saveSmsSettings({ store: deps.store, seal: deps.smsSealer, input, actor });
  },
};
