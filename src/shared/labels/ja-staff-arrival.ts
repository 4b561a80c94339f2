/**
 * Staff labels of issue 34 (absent when called, arrival check-in) for the staff screens: the desk's list,
 * the page /admin/arrival and the wall monitor. Japanese only, like ja-staff.ts, which had no lines left
 * under the project's 300; all.ts joins the two, so t() and LabelKey see one staff catalogue.
 */
export const jaStaffArrival = {
  // issue 34: the desk's list
  'admin.absent': '不在',
  'admin.undoAbsent': '不在取消',
  'admin.absences': '不在{n}回',
  'admin.colArrived': '来院済',
  'admin.arrivedValue': '{time} {by}',
  'admin.arrivedBy.patient': '本人',
  'admin.arrivedBy.staff': '受付',
  'admin.markArrived': '来院済にする',
  'admin.unmarkArrived': '来院取消',
  'admin.notArrivedHead': '先頭の方の来院確認がありません',
  'admin.navArrival': '来院確認・不在',
  // issue 34: /admin/arrival
  'arrival.title': '来院確認・不在',
  'arrival.loading': '読み込み中…',
  'arrival.settings': '呼出時に不在だったとき',
  'arrival.places': '順番を後ろに移す人数',
  'arrival.placesValue': '{n}人後ろへ',
  'arrival.placesEnd': '最後尾へ',
  'arrival.holdAfter': '保留にする不在の回数',
  'arrival.holdAfterValue': '{n}回目の不在で保留',
  'arrival.absentFirst': '先頭の方が来院確認をしていないときは、受付画面で「不在」ボタンを先に表示する',
  'arrival.settingsNote': '「不在」を押すと、患者様に順番を移したことをお知らせします。',
  'arrival.save': '設定を保存',
  'arrival.saved': '来院確認・不在の設定を保存しました。',
  'arrival.sheet': '受付に掲示する来院確認のQRコード',
  'arrival.sheetNote': '下の枠の中だけが印刷されます。',
  'arrival.print': '印刷する',
  'arrival.sheetTitle': '来院確認',
  'arrival.sheetLead': 'ご来院されたら、スマートフォンで来院確認をしてください。',
  'arrival.sheetLine': 'LINEをお使いの方：このQRコードを読み取ってください。',
  'arrival.sheetApp': 'アプリをお使いの方：「あなたの受付番号」の画面で、この番号を入力してください。',
  'arrival.sheetCode': '来院確認の番号',
  'arrival.qrLabel': '来院確認のQRコード',
  'arrival.link': 'QRコードの読み取り先：{link}',
  'arrival.renewTitle': 'QRコードと番号の変更',
  'arrival.renewNote': '番号が院外に知られたときなどに新しくします。古いQRコードと番号は使えなくなります。待合室モニターはそのまま新しい番号を表示します。',
  'arrival.renew': 'QRコードと番号を新しくする',
  'arrival.renewConfirm':
    'QRコードと来院確認の番号を新しくしますか？掲示しているQRコードは使えなくなるため、印刷し直してください。待合室モニターは開き直さなくても新しい番号を表示します。',
  'arrival.renewed': 'QRコードと番号を新しくしました。印刷し直して掲示してください。',
  // decision 059: the wall monitor's own key, renewed without the printed sheet
  'arrival.monitorKeyTitle': '待合室モニターの鍵',
  'arrival.monitorKeyNote':
    'モニターを開いた端末は鍵を覚えていて、ログインなしで来院確認コードを表示します。端末をなくしたときなどに新しくします。掲示しているQRコードはそのまま使えます。',
  'arrival.monitorKeyRenew': 'モニターの鍵を新しくする',
  'arrival.monitorKeyConfirm':
    'モニターの鍵を新しくしますか？いま開いているモニターには番号が表示されなくなります。スタッフがログインした状態でモニターを開き直してください。',
  'arrival.monitorKeyRenewed': 'モニターの鍵を新しくしました。待合室モニターを開き直してください。',
  // issue 34: the wall monitor
  'monitor.absentTitle': '不在の方は受付へお声がけください',
  'monitor.checkinCode': '来院確認コード {code}',
  // absent when called (docs/decisions/047): the messaging screen's kind, the audit trail, the undo refusal
  'messages.kind.absence': '不在のお知らせ',
  'audit.action.markAbsent': '不在（順番を後ろへ）',
  'audit.action.undoAbsent': '不在を取消',
  'error.absenceUndoNone': '取り消せる不在がありません。',
  // arrival check-in (issue 34, the server's part; docs/decisions/048): the monitor's refusal and the audit trail
  'error.monitorKeyWrong': 'このモニターの来院確認コードは表示できません（モニターの鍵が更新されました）。スタッフ画面からモニターを開き直してください。',
  'audit.action.markArrived': '来院を確認',
  'audit.action.markArrived.undo': '来院確認を取消',
  'audit.action.saveArrivalSettings': '来院確認・不在の設定を変更',
  'audit.action.renewCheckinCodes': '来院確認コードを更新',
  'audit.action.renewMonitorKey': '待合室モニターの鍵を更新',
} as const;
