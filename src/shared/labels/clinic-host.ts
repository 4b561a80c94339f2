/**
 * What a host that reaches no open clinic answers (decision 078): the plain page a browser shows and the
 * refusal an API call gets, and
 * the LINE webhook's refusal of a delivery for another clinic's bot. Both languages on the one page, since nothing tells us the reader's yet.
 */
import type { Catalogue } from './text.js';

const ja = {
  'clinicHost.unknown.title': 'このアドレスのクリニックはありません',
  'clinicHost.unknown.body': 'アドレスをお確かめください。クリニックの案内やQRコードのアドレスからお入りください。',
  'clinicHost.closed.title': 'このクリニックの受付は休止しています',
  'clinicHost.closed.body': 'ただいまこのアドレスでは受付をしていません。クリニックへ直接お問い合わせください。',
  'error.unknownClinic': 'このアドレスのクリニックはありません。',
  'error.clinicClosed': 'このクリニックの受付は休止しています。',
  'error.webhookDestination': 'このクリニックのLINE公式アカウント宛てではない通知です（LINE_BOT_USER_ID）。',
} as const;

const en: Record<keyof typeof ja, string> = {
  'clinicHost.unknown.title': 'No clinic at this address',
  'clinicHost.unknown.body': 'Please check the address. Use the one on the clinic’s notice or QR code.',
  'clinicHost.closed.title': 'This clinic’s reception is suspended',
  'clinicHost.closed.body': 'Reception is not taken at this address at the moment. Please contact the clinic directly.',
  'error.unknownClinic': 'There is no clinic at this address.',
  'error.clinicClosed': 'This clinic’s reception is suspended.',
  'error.webhookDestination': 'This delivery is not for this clinic’s LINE official account (LINE_BOT_USER_ID).',
};

export type ClinicHostKey = keyof typeof ja;
export const clinicHostJa = ja;
export const clinicHostLabels: Catalogue<ClinicHostKey> = { ja, en };
