/**
 * The statistics page's and the CSV exports' labels (staff, Japanese): a part of the catalogue kept apart
 * from ja.ts, which every screen loads first (the patients' included). This part loads only with the
 * statistics page's own chunk and on the server, so adding the page moved no other page's weight.
 */
import { jaStatsEstimate } from './ja-stats-estimate.js';

export const jaStats = {
  'stats.title': '統計',
  'stats.period': '集計の単位',
  'stats.period.day': '日',
  'stats.period.week': '週',
  'stats.period.month': '月',
  'stats.date': '日付',
  'stats.loading': '集計中…',
  'stats.range': '{from}〜{to}',
  'stats.colItem': '項目',
  'stats.colCurrent': '今回',
  'stats.colPrevious': '前回',
  'stats.colChange': '増減',
  'stats.summary': '主な数字（今回と前回）',
  'stats.taken.LINE': '受付数（LINE）',
  'stats.taken.PWA': '受付数（PWA）',
  'stats.taken.ADMIN': '受付数（窓口）',
  'stats.takenTotal': '受付数（合計）',
  'stats.canceledByPatient': '患者によるキャンセル',
  'stats.canceledByStaff': 'スタッフによる削除',
  'stats.holds': '保留',
  'stats.noShows': '不在（保留のまま診察なし）',
  'stats.started': '診察開始',
  'stats.waitMedian': '待ち時間 中央値（分）',
  'stats.waitP90': '待ち時間 90パーセンタイル（分）',
  'stats.sent.LINE': '通知の送信（LINE）',
  'stats.failed.LINE': '通知の失敗（LINE）',
  'stats.sent.PWA': '通知の送信（PWA）',
  'stats.failed.PWA': '通知の失敗（PWA）',
  'stats.quarterTitle': '15分ごとの受付数と診察開始数',
  'stats.weekdayTitle': '曜日別の受付数',
  'stats.hourTitle': '時間帯別の受付数',
  'stats.colTime': '時刻',
  'stats.colWeekday': '曜日',
  'stats.colHour': '時間帯',
  'stats.arrivals': '受付',
  'stats.starts': '診察開始',
  'stats.arrivalsAt': '受付 {time}',
  'stats.startsAt': '診察開始 {time}',
  'stats.weekdayAt': '曜日別 受付数（{day}）',
  'stats.hourAt': '時間帯別 受付数（{h}時台）',
  'stats.hourValue': '{h}時台',
  'stats.busiest': '今回いちばん多いのは {label}（{n}件）',
  'stats.noData': 'この期間の記録はありません。',
  'stats.export': 'CSVで保存',
  'stats.exportStats': 'この統計',
  'stats.exportSlots': '受付一覧（期間指定）',
  'stats.exportAudit': '操作履歴（期間指定）',
  'stats.exportFrom': '開始日',
  'stats.exportTo': '終了日',
  'stats.csv.day': '日付',
  'stats.csv.number': '受付番号',
  'stats.csv.channel': '経路',
  'stats.csv.reservedAt': '受付日時',
  'stats.csv.startedAt': '診察開始日時',
  'stats.csv.canceledAt': 'キャンセル・削除日時',
  'stats.csv.holdAt': '保留日時',
  'stats.csv.status': '状態',
  'stats.status.started': '診察開始',
  'stats.status.canceledByPatient': '患者がキャンセル',
  'stats.status.canceledByStaff': 'スタッフが削除',
  'stats.status.noShow': '保留（不在）',
  'stats.status.waiting': '未対応',
  'stats.csv.before': '変更前',
  'stats.csv.after': '変更後',
  // absent when called and arrival check-in (issue 34; docs/decisions/048)
  'stats.absences': '不在（呼出時にいなかった回数）',
  'stats.checkIns.patient': '来院確認（本人）',
  'stats.checkIns.staff': '来院確認（スタッフ）',
  'stats.csv.absences': '不在回数',
  'stats.csv.arrivedAt': '来院確認',
  'stats.csv.arrivedBy': '来院確認方法',
  'stats.arrivedBy.patient': '本人',
  'stats.arrivedBy.staff': 'スタッフ',
  // how the wait estimate held up (issue 36; docs/decisions/054)
  ...jaStatsEstimate,
} as const;

export type StatsLabelKey = keyof typeof jaStats;

/** Looks a statistics label up and fills `{name}` parameters, as t() does for ja.ts. */
export function ts(key: StatsLabelKey, params: Record<string, string | number> = {}): string {
  return jaStats[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
