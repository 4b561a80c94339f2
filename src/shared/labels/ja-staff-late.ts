/**
 * Staff labels of issue 35's "online reception closes on time" (docs/decisions/050): the calendar's
 * settings form and the audit trail. Japanese only, like ja-staff.ts; all.ts joins them into one staff catalogue.
 */
export const jaStaffLate = {
  'admin.schedule.closeWhenLate': '診療時間内に順番が回らない見込みになったら、オンライン受付を自動で終了する',
  'admin.schedule.lateMargin': '終了の基準（診療終了の何分前、0〜120）',
  'admin.schedule.lateNote':
    'いま受付した方の診察開始の見込み時刻（患者さまの画面に「〇時〇分ごろ」と表示される時刻）が、診療終了の指定分前を過ぎたら終了します。確認は1分ごと、各時間帯に1回までです。手動でオンライン受付を開始すると、次の受付時間の切り替えまで自動では終了しません。',
  'audit.action.schedule.onlineLate': 'オンライン受付を自動終了（診療時間内に順番が回らない見込み）',
} as const;
