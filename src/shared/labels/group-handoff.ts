/**
 * The clinic side of a group account's handoff (src/shared/schemas/group.ts): the page /admin/handoff that
 * spends the one-time token, and the staff nav's link back to the group page. Japanese joins the staff
 * catalogue (staff.ts); the English stands beside it as for the group page's own texts (group.ts).
 */
import type { Catalogue } from './text.js';

const ja = {
  'handoff.title': '医院の管理画面を開いています',
  'handoff.opening': '医院の管理画面を開いています…',
  'handoff.failed': '管理画面を開けませんでした',
  'handoff.again': '法人のページに戻り、「この医院の管理画面を開く」からもう一度開いてください。',
  'handoff.noToken': 'このページのアドレスに、開くための情報がありません。',
  'staffNav.group': '法人のページへ',
} as const;

const en: Record<keyof typeof ja, string> = {
  'handoff.title': 'Opening the clinic’s staff screen',
  'handoff.opening': 'Opening the clinic’s staff screen…',
  'handoff.failed': 'The staff screen could not be opened',
  'handoff.again': 'Go back to the group page and open it again with “Open this clinic’s staff screen”.',
  'handoff.noToken': 'This page’s address has nothing to open it with.',
  'staffNav.group': 'To the group page',
};

export type GroupHandoffKey = keyof typeof ja;
export const groupHandoffJa = ja;
export const groupHandoffLabels: Catalogue<GroupHandoffKey> = { ja, en };
