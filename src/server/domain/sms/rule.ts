/**
 * SMS, the pure part (decision 070): a desk patient's mobile number as the desk types it, made E.164 and
 * checked; the masked form staff see; the provider settings checked; and which reservations are told by SMS.
 */
import { AppError } from '../../errors.js';

/** Japanese mobile prefixes: 070, 080, 090 (national form), i.e. +8170/+8180/+8190 then 8 digits. */
const JP_MOBILE = /^\+81[789]0\d{8}$/;

/**
 * The number in E.164 (+819012345678), or a refusal. Accepts what a desk types: 090-1234-5678, 09012345678,
 * full-width digits and hyphens, spaces or brackets, +81 90 1234 5678, +81 (0)90…, 0081….
 */
export function normalisePhone(input: string): string {
  // NFKC turns full-width digits, '＋' and '－' into their ASCII forms.
  const text = input.normalize('NFKC').trim();
  if (text.length === 0 || text.length > 30 || !/^[+0-9\s\-().\u2010\u2011\u2013\u2014\u30fc]+$/.test(text)) throw invalid();
  let digits = text.replace(/[^0-9+]/g, '');
  if (digits.lastIndexOf('+') > 0) throw invalid();
  if (digits.startsWith('+81')) digits = digits.slice(3);
  else if (digits.startsWith('0081')) digits = digits.slice(4);
  else if (digits.startsWith('+')) throw invalid();
  else if (digits.startsWith('0')) digits = digits.slice(1);
  else throw invalid();
  // "+81 (0)90…": the trunk 0 written after the country code.
  if (digits.startsWith('0')) digits = digits.slice(1);
  const e164 = `+81${digits}`;
  if (!JP_MOBILE.test(e164)) throw invalid();
  return e164;
}

const invalid = () => new AppError('INVALID_ARGUMENT', 'error.smsNumber');

/** What staff see of a number: 090-****-5678 (the prefix and the last four only). */
export function maskPhone(e164: string): string {
  const national = e164.startsWith('+81') ? `0${e164.slice(3)}` : e164;
  return `${national.slice(0, 3)}-****-${national.slice(-4)}`;
}

/** Twilio's account SID: "AC" and 32 hex digits. */
const ACCOUNT_SID = /^AC[0-9a-f]{32}$/;

export interface SmsSettingsInput {
  on: boolean;
  accountSid: string;
  /** A new auth token, or '' to keep the one saved. */
  authToken: string;
  /** The sender: an E.164 number (the provider's), as the provider shows it. */
  from: string;
}

/** The settings as they will be saved, or a refusal; `tokenSaved` says whether a token is already stored. */
export function checkSmsSettings(input: SmsSettingsInput, tokenSaved: boolean): { on: boolean; accountSid: string | null; authToken: string | null; from: string | null } {
  const accountSid = input.accountSid.trim();
  const from = input.from.normalize('NFKC').replace(/[\s\-()]/g, '');
  const authToken = input.authToken.trim();
  if (accountSid && !ACCOUNT_SID.test(accountSid)) throw new AppError('INVALID_ARGUMENT', 'error.smsAccountSid');
  if (from && !/^\+[1-9]\d{6,14}$/.test(from)) throw new AppError('INVALID_ARGUMENT', 'error.smsFrom');
  if (authToken && !/^[0-9A-Za-z]{16,64}$/.test(authToken)) throw new AppError('INVALID_ARGUMENT', 'error.smsAuthToken');
  // Turned on, it must be able to send: every part present.
  if (input.on && (!accountSid || !from || (!authToken && !tokenSaved))) throw new AppError('FAILED_PRECONDITION', 'error.smsIncomplete');
  return { on: input.on, accountSid: accountSid || null, authToken: authToken || null, from: from || null };
}

/** Whether a reservation is told by SMS: a desk number with a mobile saved while the clinic has SMS on. */
export function smsRecipient(slot: { reserved_type: string | null }, hasNumber: boolean, smsOn: boolean): boolean {
  return smsOn && hasNumber && slot.reserved_type === 'ADMIN';
}

/** A reservation's number may be added or removed while it is a desk number still waiting or being called. */
export function numberEditable(slot: { reserved_type: string | null; canceled: number; is_reception_accepted: number }, smsOn: boolean): void {
  if (!smsOn) throw new AppError('FAILED_PRECONDITION', 'error.smsOff');
  if (slot.reserved_type !== 'ADMIN') throw new AppError('FAILED_PRECONDITION', 'error.smsDeskOnly');
  if (slot.canceled || slot.is_reception_accepted) throw new AppError('FAILED_PRECONDITION', 'error.slotStateConflict');
}
