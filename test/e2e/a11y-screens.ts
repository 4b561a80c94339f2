/**
 * Every screen the accessibility suite visits (a11y.test.ts): axe-core on each, and at 200 % text each
 * patient screen's controls usable. A new screen is one line here: where it is seen (`in`), its path, a
 * text that shows it is ready, and what it needs done first. Each visit starts on its own clinic day
 * (reception open, walk-ins 1-3) in a fresh browser, so the screens visit in any order.
 */
export type Viewer =
  /** a phone's ordinary browser (not LINE, not installed) */
  | 'phone'
  /** LINE's in-app browser, signed in through the fake LINE */
  | 'line'
  /** the installed app (an --app window) */
  | 'pwa'
  /** the desk PC, signed in as staff */
  | 'desk'
  /** the desk PC, signed out */
  | 'deskSignedOut';

export interface ScreenVisit {
  name: string;
  in: Viewer;
  path: string;
  /** A text on the screen once it is ready (Japanese: the suite's browsers prefer Japanese). */
  ready: string;
  /**
   * Something done first: take a number from this screen, hold a number already (taken through the API
   * for this viewer's own patient), hold one that staff then marked absent (issue 34), stop online
   * reception, or fail the chunks; with families on (up to 3, issue 35), show the picker or hold a family's
   * three numbers (たろう, no name, じろう) for this viewer's patient (for the desk: another patient's).
   */
  before?: 'take' | 'holdNumber' | 'absentNumber' | 'closeOnline' | 'failChunks' | 'familiesOn' | 'holdFamily';
}

export const SCREENS: ScreenVisit[] = [
  { name: 'web-all', in: 'phone', path: '/web/all', ready: '受付番号一覧' },
  { name: 'not-installed', in: 'phone', path: '/nowhere', ready: 'Webアプリがインストールされていません' },
  { name: 'pwa-install', in: 'phone', path: '/pwa/', ready: 'アプリをホーム画面に追加してください' },
  { name: 'line-open-in-line', in: 'phone', path: '/line/open-in-line', ready: 'LINEアプリからご利用ください' },
  { name: 'line-closed', in: 'phone', path: '/line/closed', ready: 'ただいまオンライン受付時間外です' },
  { name: 'error-screen', in: 'phone', path: '/web/all', ready: 'エラーが発生しました', before: 'failChunks' },
  { name: 'line-book', in: 'line', path: '/line/book', ready: '受付番号を取得する' },
  { name: 'line-reserved', in: 'line', path: '/line/book', ready: '受付番号を取得しました', before: 'take' },
  { name: 'line-my', in: 'line', path: '/line/my', ready: 'あなたの受付番号', before: 'holdNumber' },
  { name: 'line-all', in: 'line', path: '/line/all', ready: 'あなた', before: 'holdNumber' },
  { name: 'pwa-book', in: 'pwa', path: '/pwa/book', ready: '受付番号を取得する' },
  { name: 'pwa-my', in: 'pwa', path: '/pwa/book', ready: 'あなたの受付番号', before: 'take' },
  { name: 'pwa-all', in: 'pwa', path: '/pwa/all', ready: 'あなた', before: 'holdNumber' },
  // issue 34: the card after an absence (the last in line: moved to the end), and the check-in form a link opened
  { name: 'line-my-absent', in: 'line', path: '/line/my', ready: 'お呼びしましたがいらっしゃらなかったため', before: 'absentNumber' },
  { name: 'pwa-my-checkin', in: 'pwa', path: '/pwa/my?checkin=123456', ready: '来院確認コードを読み取りました', before: 'holdNumber' },
  { name: 'staff-login', in: 'deskSignedOut', path: '/admin/queue', ready: 'スタッフログイン' },
  { name: 'staff-queue', in: 'desk', path: '/admin/queue', ready: '新規受付' },
  { name: 'staff-monitor', in: 'desk', path: '/admin/monitor', ready: '受付番号' },
  { name: 'staff-messaging', in: 'desk', path: '/admin/messages', ready: '通知の設定と送信状況' },
  { name: 'staff-audit', in: 'desk', path: '/admin/audit', ready: '操作履歴' },
  { name: 'staff-schedule', in: 'desk', path: '/admin/schedule', ready: '曜日ごとの診療時間' },
  { name: 'staff-stats', in: 'desk', path: '/admin/stats', ready: '主な数字（今回と前回）' },
  { name: 'staff-arrival', in: 'desk', path: '/admin/arrival', ready: '来院確認の番号' },
  { name: 'staff-queues', in: 'desk', path: '/admin/queues', ready: '受付項目の一覧' },
  { name: 'line-book-closed', in: 'line', path: '/line/book', ready: 'ただいまオンライン受付時間外です', before: 'closeOnline' },
  { name: 'pwa-book-closed', in: 'pwa', path: '/pwa/book', ready: 'ただいまオンライン受付時間外です', before: 'closeOnline' },
  // issue 35: a family's picker on the book screen, its numbers together on the card, and the group on the desk's list
  { name: 'pwa-book-family', in: 'pwa', path: '/pwa/book', ready: '3人目のお名前', before: 'familiesOn' },
  { name: 'line-my-family', in: 'line', path: '/line/my', ready: 'ご家族の受付番号（3人分）', before: 'holdFamily' },
  { name: 'staff-queue-family', in: 'desk', path: '/admin/queue', ready: '家族 3/3', before: 'holdFamily' },
];
