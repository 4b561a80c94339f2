/**
 * Staff labels of issue 35 (a): numbers kept for the desk and the online cap (docs/decisions/049), on
 * /admin/schedule and in the audit trail. Japanese only, like ja-staff.ts; all.ts joins them.
 */
export const jaStaffKept = {
  'kept.title': '窓口用の番号とオンライン受付の上限',
  'kept.note':
    '窓口用に取っておいた番号は、オンライン（LINE・アプリ）では発行しません。窓口で発行すると、列の最後より前にある一番小さい窓口用の番号を使います。誰も使わなかった窓口用の番号は、待ち人数にも一覧にも出ません。',
  'kept.keepEvery': '窓口用に取っておく番号',
  'kept.keepOff': '取っておかない',
  'kept.keepValue': '{n}番ごと（{n}, {m}, {k}…番）',
  'kept.onlineCap': 'オンライン受付の上限（1セッションあたり）',
  'kept.capUnit': '番まで',
  'kept.capNote': 'キャンセルされた番号も数えます。0は上限なしです。',
  'kept.capRange': 'オンライン受付の上限は0〜{max}の整数で入力してください。',
  // take-and-cancel (issue 42, docs/decisions/060): the setting and the staff list's mark
  'kept.cancelLimit': 'キャンセルしても取り直せる回数（1人・1セッション）',
  'kept.cancelOff': '制限しない',
  'kept.cancelValue': '{n}回まで',
  'kept.cancelNote':
    'この回数を超えてキャンセルした患者さんは、このセッションではオンライン（LINE・アプリ）で番号を取れず、窓口へ案内されます。窓口では発行できます。家族の番号も1つずつ数え、スタッフが削除した番号は数えません。',
  'kept.cancelTag': 'キャンセル{n}回',
  'kept.cancelTagTitle': 'この患者さんがこのセッションでキャンセルした番号の数',
  'kept.save': '設定を保存',
  'kept.saved': '窓口用の番号とオンライン受付の上限を保存しました。',
  'audit.action.saveAllocationSettings': '窓口用の番号・オンライン受付の上限を変更',
} as const;
