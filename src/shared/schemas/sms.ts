/**
 * SMS to a desk patient's mobile (decision 070) as the wire carries it: the desk sets or removes a waiting
 * desk number's mobile (null removes it), and staff save the provider's settings ('' keeps the saved token).
 */
import { z } from 'zod';
import type { SmsSettings } from './answers.js';

const id = z.string().min(1).max(100).regex(/^[\x21-\x7e]+$/);

export const smsPayloads = {
  setSmsNumber: z.strictObject({ slotId: id, phone: z.string().min(1).max(30).nullable() }),
  saveSmsSettings: z.strictObject({
    on: z.boolean(),
    accountSid: z.string().max(64),
    authToken: z.string().max(128),
    from: z.string().max(30),
  }),
};

export interface SmsResults {
  setSmsNumber: { ok: true; masked: string | null };
  saveSmsSettings: { ok: true; settings: SmsSettings };
}
