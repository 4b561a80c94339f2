/**
 * The Japanese message catalogue of the patient screens and notices (docs/product.md); en.ts is the
 * same keys in English. Staff labels live in ja-staff.ts and reach the server and staff screens through
 * all.ts, never a patient screen's bundle.
 */
export const ja = {
  // navigation (PWA footer)
  'nav.all': '受付番号一覧',
  'nav.book': '受付番号予約',
  'nav.my': '予約状況',
  'nav.label': 'メニュー',
  // book
  'book.waitingCount': '現在の待ち人数',
  'book.people': '{n}人',
  'book.take': '受付番号を取得する',
  'book.taking': '取得中…',
  'book.alreadyReserved': '受付済みです。予約状況をご確認ください。',
  'book.toMy': '予約状況を確認する',
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
  'my.cancelYes': 'キャンセルする',
  'my.cancelNo': 'キャンセルしない',
  'my.canceling': 'キャンセル中…',
  'reserved.title': '受付番号を取得しました',
  // weekday letters of yyyy/mm/dd(曜), Sunday first
  'date.weekdays': '日月火水木金土',
  // closed
  'closed.title': 'ただいまオンライン受付時間外です',
  'closed.late': '本日は診療時間内に順番が回らない見込みのため、オンライン受付を終了しました',
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
  'all.dash': '－',
  'all.empty': '現在お待ちの方はいません。',
  'live.reconnecting': '接続が途切れました。再接続しています…',
  // notifications
  'push.prompt': '受付番号のお知らせを受け取るため、通知を許可してください。',
  'push.allow': '通知を許可する',
  'push.allowing': '設定中…',
  'push.region': '通知',
  'push.enabled': '受付番号のお知らせ（通知）は有効です。',
  'push.test': 'テスト通知を送る',
  'push.testing': '送信中…',
  'push.testSent': 'テスト通知を送信しました。届かない場合は端末の通知設定をご確認ください。',
  'push.testBody': 'テスト通知です。受付番号のお知らせはこのように届きます。',
  'push.fallbackTitle': '受付番号のお知らせ',
  'push.denied': '通知がブロックされています。端末の設定で、このアプリの通知を許可してください。',
  'push.unsupported': 'この端末では通知を利用できません。順番はこの画面でご確認ください。',
  'push.notConfigured': 'この医院では通知をお送りしていません。順番はこの画面でご確認ください。',
  'push.failed': '通知を設定できませんでした（{reason}）',
  'push.reason.denied': '通知が許可されませんでした',
  'push.reason.timeout': '準備に時間がかかりすぎました',
  'push.reason.keyChanged': '通知の設定が更新されました',
  'notice.ahead5':
    '【{clinic}】受付番号 {n}番の方へ　あなたの前の方が5人になりました。ご来院のうえ、院内でお待ちください。',
  'notice.recall': '【{clinic}】受付番号 {n}番の方　順番になりました。受付までお越しください。',
  // The LINE MINI App service message when a number is taken (issue 37, docs/decisions/051).
  'notice.taken': '【{clinic}】受付番号 {n}番で受け付けました。順番が近づいたらお知らせします。',
  // channels, install, errors
  'line.addFriend':
    '順番が近づいたときのお知らせをLINEで受け取るには、医院のLINE公式アカウントを友だち追加してください。',
  'line.addFriendButton': '友だち追加する',
  'openInLine.title': 'LINEアプリからご利用ください',
  'openInLine.button': 'LINEで開く',
  'openInLine.note': 'この画面はLINEアプリの中でご利用いただけます。下のボタンからLINEで開いてください。',
  'install.title': 'アプリをホーム画面に追加してください',
  'install.android.button': 'ホーム画面に追加',
  'install.unsupported':
    'お使いの端末・ブラウザはアプリのインストールに対応していません。LINEからご利用ください。',
  'install.lead': 'ホーム画面に追加すると、アプリとして受付番号の予約と確認ができます。',
  'install.stepsTitle': '追加の手順',
  'install.android.step1': 'ブラウザ右上のメニュー（⋮）をタップ',
  'install.android.step2': '「アプリをインストール」または「ホーム画面に追加」を選択',
  'install.android.step3': '「インストール」または「追加」をタップ',
  'install.ios.step1': '画面下の共有ボタン（□↑）をタップ',
  'install.ios.step2': '「ホーム画面に追加」を選択',
  'install.ios.step3': '右上の「追加」をタップ',
  'install.openFromHome': '追加したら、ホーム画面のアイコンからアプリを開いてください。',
  'install.accepted': 'インストールしています。ホーム画面のアイコンからアプリを開いてください。',
  'install.dismissed': 'インストールは取り消されました。もう一度ボタンを押すか、下の手順で追加できます。',
  'install.toLine': 'LINE公式アカウントを開く',
  'pwa.notices': 'お知らせ',
  'pwa.offline': 'オフラインです。通信できる場所で、もう一度お試しください。',
  notInstalled: 'Webアプリがインストールされていません。',
  'auth.failed.pwa': '認証に失敗しました。ページを再読み込みするか、医院スタッフにお問い合わせください。',
  'auth.failed.line': '認証に失敗しました。お手数ですが、LINEからもう一度アクセスしてください。',
  'auth.signingIn': 'LINEでログインしています…',
  'auth.retry': 'もう一度ログインする',
  'auth.invalidState': 'ログイン情報が一致しませんでした（Invalid state）',
  'auth.missingState': 'ログイン情報が見つかりませんでした（Missing state）',
  'auth.noToken': 'ログインに失敗しました（Failed to get custom token）',
  'auth.noIdToken': 'LINEのIDトークンを取得できませんでした。',
  'auth.lineRefused': 'LINEログインが完了しませんでした（{error}）',
  'auth.liffFailed': 'LINEアプリとの連携に失敗しました（{error}）',
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
  // errors answered by the server (docs/product.md, "Errors patients and staff see")
  'error.onlineStopped': '現在オンライン受付を停止しています。しばらくしてから再度お試しください。',
  'error.noFreeNumbers': '本日の受付番号に空きがありません。しばらくしてから再度お試しください。',
  'error.onlineNumbersUsedUp': 'このセッションのオンライン受付の番号はなくなりました。窓口では引き続き受け付けています。',
  'error.busy': 'ただいま混み合っています。もう一度お試しください。',
  'error.allocateFailed': '受付番号の取得に失敗しました。',
  'error.cancelFailed': 'キャンセルに失敗しました。',
  'error.reservationNotFound': '予約が見つかりません。',
  'error.alreadyReserved': 'すでに受付番号を取得済みです。予約状況をご確認ください。',
  'error.familyTooLarge': '一度にお取りできるのは{max}人分までです。人数を減らしてください。',
  'error.notEnoughForFamily': '全員分の番号が残っていません。人数を減らすか、窓口へお越しください。',
  'error.invalidArgument': 'リクエストの内容が正しくありません。',
  'error.liffAccessTokenLineOnly': 'LINEミニアプリのアクセストークンは、LINEでの受付にだけ付けられます。',
  'error.bodyTooLarge': 'リクエストが大きすぎます。',
  'error.unknownFunction': '指定された機能は存在しません。',
  'error.signInRequired': 'ログインが必要です。もう一度アクセスしてください。',
  'error.tokenInvalid': 'ログインの有効期限が切れました。もう一度アクセスしてください。',
  'error.staffOnly': 'この操作はスタッフのみ行えます。スタッフとしてログインしてください。',
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
  'error.lineRecallOff': 'LINEでの再呼出は停止中です。設定で有効にしてください。',
  'error.pushEndpointNotAllowed': 'この通知先は利用できません。',
  'error.pushSubscriptionInvalid': '通知の登録情報が正しくありません。もう一度通知を許可してください。',
  'error.rateLimitedTickets':
    'このネットワークからの受付が上限に達しました。時間をおいて再度お試しいただくか、受付でお申し出ください。',
  'error.rateLimitedIdentities': 'このネットワークからのアクセスが多すぎます。しばらくしてから再度お試しください。',
  'error.rateLimitedTestPush': '通知のテスト送信が多すぎます。しばらくしてから再度お試しください。',
  'error.rateLimitedChanges': '変更の回数が多すぎます。しばらくしてから再度お試しください。',
  'error.patientSessionLimit':
    '今回の受付でお取りいただける受付番号の回数を超えました（キャンセルした番号も数えます）。受付でお申し出ください。',
  'error.cancelLimit': '今回の受付で{count}回キャンセルされたため、受付でお申し出ください。',
  'error.addressSessionLimit':
    'このネットワークからの受付が、今回の受付の上限に達しました。受付でお申し出ください。',
  'error.tooManyLiveStreams': 'このネットワークからの接続が多すぎます。しばらくしてから再度お試しください。',
  'error.loginThrottled': 'ログインの失敗が続いたため、しばらくログインできません。15分ほどおいて再度お試しください。',
  'error.signInBusy': 'ログインが混み合っています。少し待ってから再度お試しください。',
  'error.loginFailed': 'ユーザー名またはパスワードが正しくありません。',
  // estimated wait and now calling (issue 14)
  'estimate.ownLabel': 'お呼びするまでの目安',
  'estimate.newcomerLabel': '今から受付した場合の待ち時間の目安',
  'estimate.range': '約{low}〜{high}分',
  'estimate.expected': '{time}ごろ',
  'estimate.soon': 'まもなくお呼びします',
  'estimate.noData': 'まだ待ち時間の目安をお出しできません（診察が進むとお出しします）。',
  'estimate.held': '呼出時不在のため、待ち時間の目安はありません。受付にお声がけください。',
  'estimate.note': '※目安です。診察の状況により前後します。',
  'nowCalling.text': 'ただいま {n}番の方を診察中',
  // the patient's own notice and the clinic's announcements (issue 14)
  'notice.aheadN':
    '【{clinic}】受付番号 {n}番の方へ　あなたの前の方が{ahead}人になりました。ご来院のうえ、院内でお待ちください。',
  'notice.announcement': '【{clinic}】お知らせ　{text}',
  'my.notice.label': 'お知らせを受け取るタイミング',
  'my.notice.option': '前に{n}人になったら',
  'my.notice.saved': '前に{n}人になったら、一度だけお知らせします。',
  'my.notice.sent': 'お知らせは送信済みです。',
  'my.notice.failed': 'お知らせのタイミングを変更できませんでした。もう一度お試しください。',
  'my.notice.byPeople': '前の人数で',
  'my.notice.byMinutes': '順番の何分前かで',
  'my.notice.minutesOption': '早ければ{n}分で順番のとき',
  'my.notice.minutesSaved': '早ければ{n}分で順番になるときに、一度だけお知らせします。',
  'estimate.arriveBy': '遅くとも {time} までにお越しください',
  'error.noticeAlreadySent': 'お知らせは送信済みのため、タイミングを変更できません。',
  // arrival check-in (issue 34, the server's part; docs/decisions/048)
  'error.checkinCodeWrong': '来院確認コードが違うか、古くなっています。受付またはモニターに表示されているコードをご確認ください。',
  'announce.region': '医院からのお知らせ',
  'announce.until': '{time}まで',
  // the clinic calendar on the patient screens (issue 13)
  'schedule.range': '{start}〜{end}',
  'schedule.separator': ' ／ ',
  'schedule.date': '{month}/{day}({weekday})',
  'schedule.today': '本日',
  'schedule.tomorrow': '明日',
  'schedule.todayHours': '本日のオンライン受付時間　{hours}',
  'schedule.todayNoOnline': '本日はオンライン受付を行っておりません',
  'schedule.closedWeekly': '本日は休診日です',
  'schedule.closedHoliday': '本日は祝日のため休診です',
  'schedule.closedOverride': '本日は休診です',
  'schedule.next': '次回のオンライン受付：{day} {time}から',
  'schedule.noNext': '次回のオンライン受付の予定は、医院にお問い合わせください',
  'schedule.weekTitle': 'オンライン受付時間（今後1週間）',
  'schedule.weekDay': '日付',
  'schedule.weekHours': 'オンライン受付時間',
  'schedule.dayClosed': '休診',
  'schedule.dayHolidayClosed': '休診（{name}）',
  'schedule.dayNoOnline': 'オンライン受付なし',
  'schedule.noteBoth': '※診察開始後{after}分間と、診察終了前{before}分間はオンライン受付を行っておりません。',
  'schedule.noteAfter': '※診察開始後{after}分間はオンライン受付を行っておりません。',
  'schedule.noteBefore': '※診察終了前{before}分間はオンライン受付を行っておりません。',
  'schedule.footerAfter': 'オンライン予約は診察開始{after}分後から可能です。',
  'schedule.footerAtStart': 'オンライン予約は診察開始時刻から可能です。',
  // language, dates and screen-reader announcements of the patient screens (docs/decisions/023)
  'lang.label': '表示言語',
  'lang.ja': '日本語',
  'lang.en': 'English',
  'date.pattern': '{yyyy}/{mm}/{dd}({w})',
  'date.months': '1月 2月 3月 4月 5月 6月 7月 8月 9月 10月 11月 12月',
  'my.announceAhead': 'あなたの前は {n}人になりました。',
  'my.announceNear': 'まもなく順番です。ご来院のうえ、院内でお待ちください。',
  'my.announceHold': '呼出時不在のため保留中です。受付にお申し出ください。',
  // issue 34, patient screens: an absence on the card, and arrival check-in
  'my.absentMoved': 'お呼びしましたがいらっしゃらなかったため、順番を{places}人後ろに移しました。',
  'my.absentMovedEnd': 'お呼びしましたがいらっしゃらなかったため、順番を最後に移しました。',
  'my.absentHeld': 'お呼びしましたがいらっしゃらなかったため、保留になりました。受付にお声がけください。',
  'my.checkin.open': '来院しました',
  'my.checkin.label': '待合室のモニターまたは受付の用紙にある来院確認コード（数字）を入力してください',
  'my.checkin.fromLink': '来院確認コードを読み取りました。よろしければ「来院を確認する」を押してください。',
  'my.checkin.submit': '来院を確認する',
  'my.checkin.busy': '確認中…',
  'my.checkin.close': '閉じる',
  'my.arrived': '来院済み（{time}）',
  // absent when called: the patient's notice (issue 34; docs/decisions/047)
  'notice.absenceMoved':
    '【{clinic}】受付番号 {n}番の方　お呼びしましたがいらっしゃらなかったため、順番を{places}人後ろに移しました。受付にお声がけください。',
  'notice.absenceHeld':
    '【{clinic}】受付番号 {n}番の方　お呼びしましたがいらっしゃらなかったため、順番を保留にしました。受付にお声がけください。',
  'notice.absence': '【{clinic}】受付番号 {n}番の方　お呼びしましたがいらっしゃいませんでした。受付にお声がけください。',
} as const;

export type LabelKey = keyof typeof ja;

/** A second language's catalogue: any subset of the keys (staff keys stay Japanese, en.ts). */
export type Catalogue = Readonly<Partial<Record<LabelKey, string>>>;

/**
 * The catalogue `t` reads. Japanese unless a patient screen set another one before rendering
 * (src/client/ui/language.ts); the server never sets it, so its texts stay Japanese unless it names a
 * language itself (`tIn`). A key the active catalogue lacks falls back to Japanese.
 */
let active: Catalogue = ja;

export function setActiveCatalogue(catalogue: Catalogue): void {
  active = catalogue;
}

/** Fills `{name}` parameters of a template. */
export function fill(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** Looks a label up in the active catalogue and fills `{name}` parameters. */
export function t(key: LabelKey, params: Record<string, string | number> = {}): string {
  return fill(active[key] ?? ja[key], params);
}

/** Looks a label up in a given catalogue (the server's notices in the patient's language). */
export function tIn(catalogue: Catalogue, key: LabelKey, params: Record<string, string | number> = {}): string {
  return fill(catalogue[key] ?? ja[key], params);
}
