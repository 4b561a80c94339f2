/**
 * Staff labels of families (issue 35, docs/decisions/053): the group on the queue list and the setting on
 * /admin/schedule. Japanese only, like ja-staff.ts; all.ts joins them.
 */
export const jaStaffFamily = {
  'staffFamily.tag': '家族 {i}/{k}',
  'staffFamily.max': '1人が一度に取れる番号（家族）',
  'staffFamily.off': '1（家族でまとめて取らない）',
  'staffFamily.value': '{n}人まで',
  'staffFamily.note':
    '2以上にすると、LINE・アプリの患者さんは家族の分の番号を一度にまとめて（続き番号で）取れます。名前（任意）はご本人と受付だけに表示されます。',
} as const;
