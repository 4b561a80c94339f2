/**
 * The server's refusals on the group page's calls and the handoff (decision 081), and the audit trail's words
 * for what a group account did in a clinic, in both languages: the group page is read by a person who may
 * read either, and the staff screens take the Japanese (staff.ts).
 */
import type { Catalogue } from './text.js';

const ja = {
  'error.groupOnly': '法人の管理者としてログインしてください。',
  'error.groupClinicUnknown': 'このクリニックは見つからないか、担当に含まれていません。',
  'error.groupClinicNoHost': 'このクリニックにはアドレスがないため開けません。運用担当者にお問い合わせください。',
  'error.handoffExpired': 'このリンクは期限切れか、すでに使われています。法人の管理画面からもう一度開いてください。',
  'audit.action.groupHandoff': '法人の管理者画面からログイン',
  'audit.action.group.revoke': '法人の管理者の担当から外れ、ログアウト',
  'audit.action.group.disable': '法人の管理者が無効化され、ログアウト',
  'audit.action.group.remove': '法人の管理者が削除され、ログアウト',
} as const;

const en: Record<keyof typeof ja, string> = {
  'error.groupOnly': 'Please sign in as the group administrator.',
  'error.groupClinicUnknown': 'This clinic does not exist or is not one of yours.',
  'error.groupClinicNoHost': 'This clinic has no address to open it at. Please ask the operator.',
  'error.handoffExpired': 'This link has expired or was already used. Please open the clinic again from the group page.',
  'audit.action.groupHandoff': 'Signed in from the group page',
  'audit.action.group.revoke': 'Clinic taken from the group account; signed out',
  'audit.action.group.disable': 'Group account disabled; signed out',
  'audit.action.group.remove': 'Group account removed; signed out',
};

export type GroupErrorKey = keyof typeof ja;
export const groupErrorsJa = ja;
export const groupErrorLabels: Catalogue<GroupErrorKey> = { ja, en };
