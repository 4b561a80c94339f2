/**
 * Staff labels of absent when called (issue 34, helper "absence"; docs/decisions/047): a part of ja-staff.ts
 * kept in its own file so that file stays short and the helpers do not edit the same lines.
 */
export const jaStaffAbsence = {
  'messages.kind.absence': '不在のお知らせ',
  'audit.action.markAbsent': '不在（順番を後ろへ）',
  'audit.action.undoAbsent': '不在を取消',
  'error.absenceUndoNone': '取り消せる不在がありません（取り消せるのは直前の不在1回だけです）。',
} as const;
