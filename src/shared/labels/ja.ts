/**
 * The Japanese message catalogue (../shared/LABELS-ja.md). Every string shown to a person lives here;
 * a second locale is a second file with the same keys.
 */
export const ja = {
  // navigation (PWA footer)
  'nav.all': '受付番号一覧',
  'nav.book': '受付番号予約',
  'nav.my': '予約状況',
  // book
  'book.waitingCount': '現在の待ち人数',
  'book.people': '{n}人',
  'book.take': '受付番号を取得する',
  'book.taking': '取得中…',
  'book.alreadyReserved': '受付済みです。予約状況をご確認ください。',
  // my reservation
  'my.welcome': '{name} 様',
  'my.yourNumber': 'あなたの受付番号',
  'my.numberValue': '{n}番',
  'my.reservedAt': '受付日時',
  'my.ahead': 'あなたの前に {n}人',
  'my.cancel': '予約をキャンセルする',
  'my.cancelConfirm': '予約をキャンセルしますか？',
  'my.showStaff': 'ご来院の際は、この画面を受付スタッフにお見せください。',
  'my.orderNote': '※診察の順番は受付番号の順と前後する場合があります。',
  'my.none': '現在、予約はありません。',
  // closed
  'closed.title': 'ただいまオンライン受付時間外です',
  'closed.hours': 'オンライン受付時間　9:30〜11:00 ／ 17:00〜18:30',
  'closed.note': '※診察開始後30分間と、診察終了前30分間はオンライン受付を行っておりません。',
  // full list
  'all.headerWithYou': 'あなたの前に {ahead}人 ／ 待ち人数 {total}人',
  'all.headerTotal': '待ち人数 {total}人',
  'all.clock': '現在時刻 {time}',
  'all.colNumber': '受付番号',
  'all.colAhead': '前の人数',
  'all.hold': '呼出時不在（保留中）',
  'all.you': 'あなた',
  'all.footer': 'オンライン予約は診察開始30分後から可能です。',
  'all.stopped': '現在、院内受付を停止しています。',
  'web.reserveHere': 'こちらから予約（LINE公式アカウント）',
  // notifications
  'push.prompt': '受付番号のお知らせを受け取るため、通知を許可してください。',
  'push.allow': '通知を許可する',
  'notice.ahead5':
    '【{clinic}】受付番号 {n}番の方へ　あなたの前の方が5人になりました。ご来院のうえ、院内でお待ちください。',
  'notice.recall': '【{clinic}】受付番号 {n}番の方　順番になりました。受付までお越しください。',
  // channels, install, errors
  'openInLine.title': 'LINEアプリからご利用ください',
  'openInLine.button': 'LINEで開く',
  'install.title': 'アプリをホーム画面に追加してください',
  'install.android.button': 'ホーム画面に追加',
  'install.ios.steps':
    '1. 画面下の共有ボタン（□↑）をタップ　2.「ホーム画面に追加」を選択　3. 右上の「追加」をタップ',
  'install.unsupported':
    'お使いの端末・ブラウザはアプリのインストールに対応していません。LINEからご利用ください。',
  notInstalled: 'Webアプリがインストールされていません。',
  'auth.failed.pwa': '認証に失敗しました。ページを再読み込みするか、医院スタッフにお問い合わせください。',
  'auth.failed.line': '認証に失敗しました。お手数ですが、LINEからもう一度アクセスしてください。',
  'errorScreen.title': 'エラーが発生しました',
  'errorScreen.reload': '再読み込み',
  'errorScreen.back': '戻る',
  'errorScreen.copy': '詳細をコピー',
  'errorScreen.error': 'エラー内容',
  'errorScreen.url': 'URL',
  'errorScreen.time': '発生時刻',
  'errorScreen.userAgent': 'ユーザーエージェント',
  'errorScreen.copied': 'コピーしました',
  'error.chunk': '画面の読み込みに失敗しました（Loading chunk failed）',
  loading: '読み込み中…',
  // errors answered by the server (SPEC.md §8)
  'error.onlineStopped': '現在オンライン受付を停止しています。しばらくしてから再度お試しください。',
  'error.noFreeNumbers': '本日の受付番号に空きがありません。しばらくしてから再度お試しください。',
  'error.busy': 'ただいま混み合っています。もう一度お試しください。',
  'error.allocateFailed': '受付番号の取得に失敗しました。',
  'error.cancelFailed': 'キャンセルに失敗しました。',
  'error.reservationNotFound': '予約が見つかりません。',
  'error.alreadyReserved': 'すでに受付番号を取得済みです。予約状況をご確認ください。',
  'error.invalidArgument': 'リクエストの内容が正しくありません。',
  'error.bodyTooLarge': 'リクエストが大きすぎます。',
  'error.unknownFunction': '指定された機能は存在しません。',
  'error.signInRequired': 'ログインが必要です。もう一度アクセスしてください。',
  'error.tokenInvalid': 'ログインの有効期限が切れました。もう一度アクセスしてください。',
  'error.staffOnly': 'この操作はスタッフのみ行えます。スタッフとしてログインしてください。',
  'error.patientOnly': 'この操作は患者様のアカウントでのみ行えます。',
  'error.channelMismatch': 'この予約はご利用中のアプリからはキャンセルできません。',
  'error.originRejected': '許可されていない送信元からのリクエストです。',
  'error.internal': 'サーバーでエラーが発生しました。しばらくしてから再度お試しください。',
  'error.unavailable': 'ただいまサービスを利用できません。しばらくしてから再度お試しください。',
  'error.slotNotFound': '指定された受付番号が見つかりません。',
  'error.slotNotChannel': 'この操作はLINE・PWAからの予約にのみ行えます。',
  'error.recallAlreadySent': 'この受付番号には再呼出メッセージを送信済みです。',
  'error.slotStateConflict': 'この受付番号の状態では、その操作は行えません。',
  'error.undoConflict': 'この患者様は別の受付番号を取得済みのため、取り消せません。',
  'error.lineNotConfigured':
    'LINEログインが設定されていません。管理者は LINE_LOGIN_CHANNEL_ID と LINE_LOGIN_CHANNEL_SECRET を設定してください。',
  'error.lineMessagingNotConfigured':
    'LINEメッセージ送信が設定されていません。管理者は LINE_MESSAGING_CHANNEL_ACCESS_TOKEN を設定してください。',
  'error.pushNotConfigured':
    'Webプッシュ通知が設定されていません。管理者は VAPID_SUBJECT（mailto: または https: のURL）を設定してください。',
  'error.lineLoginFailed': 'LINEログインに失敗しました。お手数ですが、LINEからもう一度アクセスしてください。',
  'error.lineProfileFailed': 'LINEのプロフィールを取得できませんでした（Failed to get profile）。',
  'error.lineUnavailable': 'LINEのサーバーに接続できませんでした。しばらくしてから再度お試しください。',
  'error.pushSubscriptionGone': '通知の登録が無効になりました。もう一度通知を許可してください。',
  'error.pushSendFailed': '通知を送信できませんでした。しばらくしてから再度お試しください。',
  'error.pushSubscriptionUnknown': 'この通知先は登録されていません。先に通知を許可してください。',
  'error.loginFailed': 'ユーザー名またはパスワードが正しくありません。',
  // staff
  'admin.inhouseStopped': '院内受付が停止中です。先に院内受付を開始してください。',
  'admin.endInhouseOnlineOpen': 'オンライン受付が受付中です。先にオンライン受付を停止してください。',
  'admin.endInhouseReservationsExist':
    '未対応の予約が残っています。すべての予約を開始または削除してから院内受付を停止してください。',
  'admin.newReception': '新規受付',
  'admin.nextNumber': '次の受付番号 {n}番',
  'admin.nextNumberError': '番号取得エラー',
  'admin.inhouse': '院内受付',
  'admin.online': 'オンライン受付',
  'admin.on': '受付中',
  'admin.off': '停止中',
  'admin.showDone': '開始済・削除済も表示',
  'admin.sound': '音を鳴らす',
  'admin.enableSound': 'クリックして音を有効にする',
  // monitor
  'monitor.waiting': 'ただいま {n}人 お待ちです',
  'monitor.colNumber': '受付番号',
  'monitor.colAhead': '前の人数',
  'monitor.hold': '呼出時不在',
  'monitor.stopped': '現在、院内受付を停止しています',
} as const;

export type LabelKey = keyof typeof ja;

/** Looks a label up and fills `{name}` parameters. */
export function t(key: LabelKey, params: Record<string, string | number> = {}): string {
  return ja[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
