/**
 * /admin/queues 「受付項目」 in real Chromium against the real server: reached from the staff navigation, a
 * second queue added in the dialog with hours of its own, its range refused where it overlaps the first, then
 * edited, read back through getQueues as the book screen will, and removed after the confirmation.
 */
import { expect, it } from 'vitest';
import type { QueuesAnswer } from '../../src/shared/schemas/queues.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { describeBrowser, screenshotPath } from './support/browser.js';
import { staffScreen } from './support/staff-screen.js';

describeBrowser('the queues page', () => {
  const screen = staffScreen({ desk: true });

  it('adds a second queue, edits it, and removes it', async () => {
    const page = screen.page;
    await page.goto(`${screen.server.url}/admin/audit`);
    await page.getByRole('link', { name: '受付項目' }).click();
    await page.getByRole('heading', { name: '受付項目', level: 1 }).waitFor();
    const table = page.getByRole('table');
    await table.getByRole('row', { name: /一般/ }).getByText('1〜200番').waitFor();
    // The first queue is never removed: no button offers it.
    expect(await page.getByRole('button', { name: '「一般」を削除' }).count()).toBe(0);

    // Add: the dialog opens with the name field focused, keyboard first.
    await page.getByRole('button', { name: '受付項目を追加' }).click();
    const dialog = page.getByRole('dialog', { name: '受付項目を追加' });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.closest('label')?.textContent)).toContain('名前（日本語');
    await page.keyboard.type('予防接種');
    await dialog.getByLabel('名前（英語・20文字まで）').fill('Vaccination');
    await dialog.getByLabel('説明（日本語・80文字まで・任意）').fill('火・木の午後です');
    // An overlapping range is the server's refusal, said in the dialog, which keeps what was typed.
    await dialog.getByLabel('最初の番号（1〜9000）').fill('150');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.getByRole('alert').filter({ hasText: '「一般」（1〜200番）と重なっています' }).waitFor();
    await dialog.getByLabel('最初の番号（1〜9000）').fill('501');
    await dialog.getByText('この項目の番号は501〜700番になります').waitFor();
    await dialog.getByLabel('LINE・アプリでも番号を取れるようにする（外すと窓口のみ）').uncheck();
    await dialog.getByLabel('この項目だけの受付時間を決める').check();
    for (const day of ['月', '水', '金']) await dialog.getByLabel(`1つ目の時間帯：${day}曜日`).uncheck();
    await dialog.getByLabel('1つ目の時間帯の開始時刻').fill('１４：００');
    await dialog.getByLabel('1つ目の時間帯の終了時刻').fill('16:00');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: '受付項目「予防接種」を保存しました。' }).waitFor();
    const row = table.getByRole('row', { name: /予防接種/ });
    await row.getByText('501〜700番').waitFor();
    await row.getByText('窓口のみ').waitFor();

    let answer = await screen.staff<QueuesAnswer>('getQueues');
    expect(answer.queues.map((q) => q.nameJa)).toEqual(['一般', '予防接種']);
    expect(answer.queues[1]).toMatchObject({
      nameEn: 'Vaccination', descriptionJa: '火・木の午後です', firstNumber: 501, online: false,
      hours: [{ days: [2, 4], from: '14:00', to: '16:00' }],
    });
    expect(answer.choices).toEqual({ anyQueue: false, numberPerQueue: false });

    // Edit: the dialog holds the saved values; the queue goes online with a cap.
    await row.getByRole('button', { name: '「予防接種」を編集' }).click();
    const editor = page.getByRole('dialog', { name: '受付項目「予防接種」を編集' });
    expect(await editor.getByLabel('最初の番号（1〜9000）').inputValue()).toBe('501');
    await editor.getByLabel('1つ目の時間帯の開始時刻').waitFor();
    await page.screenshot({ path: screenshotPath('admin-queues-editor') });
    await expectNoSeriousAxeViolations(page, '/admin/queues, the editor');
    await editor.getByLabel('名前（日本語・20文字まで）').fill('ワクチン');
    await editor.getByLabel('LINE・アプリでも番号を取れるようにする（外すと窓口のみ）').check();
    await editor.getByLabel('オンライン受付の上限（1セッションあたり）').fill('30');
    await editor.getByLabel('診療時間（カレンダー）のとおり').check();
    await editor.getByRole('button', { name: '保存' }).click();
    await editor.waitFor({ state: 'detached' });
    const edited = table.getByRole('row', { name: /ワクチン/ });
    await edited.getByText('30番まで').waitFor();
    await edited.getByText('LINE・アプリと窓口').waitFor();

    // The clinic's choices.
    await page.getByLabel('「どちらの医師でも」を選べるようにする', { exact: false }).check();
    await page.getByRole('button', { name: '設定を保存' }).click();
    await page.getByRole('status').filter({ hasText: '受付項目の選び方を保存しました。' }).waitFor();

    answer = await screen.staff<QueuesAnswer>('getQueues');
    expect(answer.queues[1]).toMatchObject({ nameJa: 'ワクチン', online: true, onlineCap: 30, hours: null });
    expect(answer.choices).toEqual({ anyQueue: true, numberPerQueue: false });

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1920);
    await page.screenshot({ path: screenshotPath('admin-queues'), fullPage: true });
    await expectNoSeriousAxeViolations(page, '/admin/queues');

    // Remove, asked first: cancelling keeps it, OK removes it.
    await edited.getByRole('button', { name: '「ワクチン」を削除' }).click();
    await page.getByRole('dialog', { name: '確認' }).getByRole('button', { name: 'キャンセル' }).click();
    expect((await screen.staff<QueuesAnswer>('getQueues')).queues).toHaveLength(2);
    await edited.getByRole('button', { name: '「ワクチン」を削除' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await page.getByRole('status').filter({ hasText: '受付項目「ワクチン」を削除しました。' }).waitFor();
    await edited.waitFor({ state: 'detached' });
    expect((await screen.staff<QueuesAnswer>('getQueues')).queues.map((q) => q.id)).toEqual(['main']);
  });
});
