/**
 * The statistics page's section on the wait estimate (issue 36, docs/decisions/054): how the ranges patients
 * were shown held up against when their turn came. Staff text, Japanese only; ja-stats.ts joins it into the
 * statistics catalogue, so it loads with that page's chunk and the CSV, like the rest of the statistics.
 */
export const jaStatsEstimate = {
  'stats.estimate.title': '待ち時間の目安の当たり具合',
  'stats.estimate.note':
    '患者さまの画面に出した待ち時間の目安（「約10〜25分」など）を5分ごとに記録し、実際に診察が始まった時刻と比べています。「目安より早く順番が来た」は、目安の短いほうの時間より前に順番が来た割合です。この割合が高いと、目安を見て来院した方が順番に間に合わないおそれがあります。「予想時刻とのずれ」は「〇時〇分ごろ」の予想と実際の差です。キャンセル・削除などで診察に至らなかった方の記録は割合に含めず、別に数えています。',
  'stats.estimate.caption': '目安と実際の比較（今回と前回）',
  'stats.estimate.measured': '目安の記録（診察開始まで確認できたもの）',
  'stats.estimate.insidePercent': '目安の範囲内に順番が来た割合（%）',
  'stats.estimate.inside': '目安の範囲内に順番が来た記録',
  'stats.estimate.earlyPercent': '目安より早く順番が来た割合（%）',
  'stats.estimate.early': '目安より早く順番が来た記録',
  'stats.estimate.medianError': '予想時刻とのずれ 中央値（分）',
  'stats.estimate.notStarted': '目安の記録（キャンセル・削除などで診察なし）',
  'stats.estimate.pending': '目安の記録（まだお待ちの方）',
  'stats.estimate.noData': 'この期間と前の期間には、待ち時間の目安の記録がありません。',
} as const;
