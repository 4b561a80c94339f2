/**
 * The staff's Japanese for the patients without a smartphone: the printed ticket of a desk number (decision
 * 068), a desk patient's SMS (decision 070) and the entrance kiosk (decision 072): the desk's buttons, the
 * server's refusals and the audit trail's lines. staff.ts joins it with the other staff catalogues.
 */
export const staffPaperJa = {
  // the printed ticket of a desk number (docs/decisions/068)
  // The ticket's page shows its own words for this one (ticket.ts, ticket.unusable), in either language.
  'error.ticketUnusable': 'この受付票は使えません。受付でお尋ねください。',
  'error.ticketDeskOnly': '受付票は、窓口や電話で取った番号にだけ印刷できます。',
  'error.ticketNotWaiting': 'この番号は待っていないため、受付票を印刷できません。',
  'admin.ticket.print': '受付票を印刷',
  'admin.ticket.reprint': '受付票を再印刷（前の受付票は使えなくなります）',
  'admin.ticket.failed': '受付票を印刷できませんでした：{message}',
  // the network receipt printer (docs/decisions/074): the setting's refusal, and each way a send fails. The
  // desk then prints the same ticket through the browser, and says so after the printer's words.
  'error.printerAddress': 'プリンターのアドレスは、院内LANの http://192.168.1.50 や TM-m30.local:8008 のように入力してください（パスは不要です）。',
  'error.printerRefused': 'ネットワークプリンターが受付票を印刷しませんでした（{cause}）。',
  'error.printerNoAnswer': 'ネットワークプリンターが{seconds}秒以内に応答しませんでした。電源とLANケーブルを確かめてください。',
  'error.printerUnreachable': 'ネットワークプリンターにつながりませんでした。アドレスと電源を確かめてください。',
  'error.printerBusy': 'ネットワークプリンターが他の印刷を処理中です。少し待ってからもう一度押してください。',
  'admin.ticket.printerFallback': '{message}ブラウザの印刷で印刷しました。',
  'printer.cause.EPTR_REC_EMPTY': '用紙切れ',
  'printer.cause.EPTR_COVER_OPEN': 'カバーが開いています',
  'printer.cause.EPTR_CUTTER': 'カッターの異常',
  'printer.cause.EPTR_MECHANICAL': '機械の異常',
  'printer.cause.EPTR_AUTOMATICAL': '自動復帰エラー',
  'printer.cause.EPTR_UNRECOVERABLE': '復帰できないエラー・電源を入れ直してください',
  'printer.cause.DeviceNotFound': 'デバイスIDが local_printer ではありません',
  'printer.cause.SchemaError': '印刷データの形式の誤り',
  // SMS (decision 070): the walk-in's mobile, the desk row's action, /admin/messages' count and cost
  'sms.phone': '携帯電話番号（任意・順番が近づいたらSMSでお知らせ）',
  'sms.rowAction': 'SMS',
  'sms.rowActionLabel': '{n}番のSMS通知先',
  'sms.tag': 'SMS {masked}',
  'sms.save': '登録',
  'sms.remove': '削除',
  'sms.close': '閉じる',
  'sms.saved': '{n}番のSMS通知先を {masked} にしました',
  'sms.removed': '{n}番のSMS通知先を削除しました',
  'messages.smsMonth': '今月のSMS送信数 {n}通・料金 {cost}（Twilioの報告による）',
  'messages.smsCostNone': '料金未確定の通数',
  'audit.action.setSmsNumber': 'SMS通知先を変更',
  'audit.action.saveSmsSettings': 'SMSの設定を変更',
  // the entrance kiosk (docs/decisions/072): the server's refusals (the kiosk's screen shows kiosk.ts's
  // words for kioskRevoked, in the reader's language), and the audit trail's lines
  'error.kioskOnly': 'この機能はキオスク端末だけが使えます。',
  'error.kioskRevoked': 'この端末のキオスク登録は取り消されました。受付にお声がけください。',
  'error.kioskNotFound': 'このキオスクは見つかりません。一覧を読み直してください。',
  'error.kioskAlreadyRevoked': 'このキオスクはすでに取り消されています。',
  'error.kioskName': 'キオスクの名前を1〜40文字で入力してください。',
  'audit.action.kiosk.enrol': 'キオスクを登録',
  'audit.action.kiosk.revoke': 'キオスクを取り消し',
} as const;
