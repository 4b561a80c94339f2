/**
 * Staff labels of issue 37's LINE MINI App service messages (docs/decisions/051): /admin/messages' figures
 * per notice kind. Japanese only, like ja-staff.ts; all.ts joins them into one staff catalogue.
 */
export const jaStaffService = {
  'messages.kind.taken': '受付完了',
  'messages.month.title': '今月の通知（種類別）',
  'messages.month.colKind': '通知の種類',
  'messages.month.colService': 'サービスメッセージ',
  'messages.month.colLinePush': 'LINEプッシュ',
  'messages.month.colWebPush': 'Webプッシュ',
  'messages.month.colFailed': '失敗',
  'messages.month.saved': 'サービスメッセージで送ったため節約できたLINEプッシュ {n}通',
  // Decision 057: a LIFF access token LINE did not vouch for is never used.
  'messages.month.liffRefused':
    'LINEミニアプリのものと確認できなかったアクセストークン {n}件（使わずに、その方の通知はLINEプッシュで送りました）',
  'messages.month.serviceOff':
    'LINEミニアプリのサービスメッセージは未設定です（LINE_SERVICE_TEMPLATE）。LINEの通知はすべてプッシュメッセージで送られます。',
  'messages.month.note':
    'サービスメッセージは無料で、LINEの月間メッセージ数に数えられません。使えないとき（未認証のミニアプリ、テンプレートの不承認、トークンの期限切れ・回数切れ）はLINEプッシュで1回だけ送ります。受付完了の通知はプッシュでは送りません。',
} as const;
