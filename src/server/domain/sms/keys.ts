/**
 * How SMS secrets are held (decision 070): the provider's auth token and each patient's mobile number, sealed
 * with the server's key (auth/sealed.ts) like the check-in secrets, so neither the database nor a backup holds
 * them in clear. Each value is sealed for its own place: a number sealed for one reservation opens for no other.
 */
import { type Sealer, sealer } from '../../auth/sealed.js';

export const smsSealer = (serverSecret: string): Sealer => sealer(serverSecret, 'sms');

export const TOKEN_CONTEXT = 'runtime.sms_auth_token';
export const numberContext = (slotId: string) => `sms_numbers.phone ${slotId}`;
