/**
 * The group page in Chromium (decision 081): a group account signs in at the deployment's group host, sees
 * its two clinics side by side at a desk PC's size and on a phone with the text doubled, and opens clinic B's
 * own staff screen through the one-time handoff, arriving at B's queue screen with the token gone from the
 * address. Chromium maps the example hosts to this machine, so every page is asked for by its real host.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { CLINIC_B_NAME, HOST_A, HOST_B, startTwoClinics, type ClinicSide, type TwoClinics } from '../support/clinic-hosts.js';
import { addGroup, GROUP_HOST, GROUP_PASSWORD } from '../support/group-host.js';
import { expectNoAxeViolations } from './support/axe.js';
import { describeBrowser, launchPersistent, screenshotPath } from './support/browser.js';
import { unusableControls } from './support/usable.js';

const HOST_RULES = ['--host-resolver-rules=MAP *.example.jp 127.0.0.1'];
const DESK = { viewport: { width: 1920, height: 1080 }, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' };
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' };

/** A function call that must succeed, at one clinic's host. */
async function must<T>(side: ClinicSide, name: string, data: unknown, auth: { token?: string; cookie?: string }): Promise<T> {
  const answer = await side.call<T>(name, data, auth);
  if (answer.status !== 200 || !('result' in answer.body)) throw new Error(`${name} at ${side.host}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.result;
}

describeBrowser('the group page, in the browser', () => {
  let two: TwoClinics;
  let desk: BrowserContext;
  let phone: BrowserContext;
  let port: string;
  const at = (host: string, path: string) => `http://${host}:${port}${path}`;

  beforeAll(async () => {
    two = await startTwoClinics('sqlite', { CLINIC_NAME: 'あおば医院', GROUP_HOST }, inject('clientDir'));
    port = new URL(two.server.url).port;
    await addGroup(two.t.store, 'houjin', ['clinic-b', 'default']);
    // Clinic B takes numbers: two patients waiting and a walk-in, the first called in; clinic A is quiet.
    const staffB = { cookie: await two.b.staff() };
    await must(two.b, 'startInhouseReception', {}, staffB);
    await must(two.b, 'startOnlineReception', {}, staffB);
    const first = await must<{ slotId: string }>(two.b, 'allocateNextSlot', { reservedType: 'PWA' }, { token: (await two.b.patient()).token });
    await must(two.b, 'allocateNextSlot', { reservedType: 'PWA' }, { token: (await two.b.patient()).token });
    await must(two.b, 'allocateNextSlot', { reservedType: 'ADMIN' }, staffB);
    await must(two.b, 'markSlot', { slotId: first.slotId, action: 'start' }, staffB);
    desk = await launchPersistent('', DESK, HOST_RULES);
    // The phone's text doubled in the browser's own setting (16 px → 32 px), as in line-text-size.test.ts.
    const profile = mkdtempSync(join(tmpdir(), 'group-phone-'));
    mkdirSync(join(profile, 'Default'));
    writeFileSync(join(profile, 'Default', 'Preferences'), JSON.stringify({ webkit: { webprefs: { default_font_size: 32, default_fixed_font_size: 26 } } }));
    phone = await launchPersistent(profile, PHONE, HOST_RULES);
  });
  afterAll(async () => {
    await desk?.close();
    await phone?.close();
    await two?.close();
  });

  async function signIn(page: Page) {
    await page.goto(at(GROUP_HOST, '/group/'));
    await page.getByLabel('ユーザー名').fill('houjin');
    await page.getByLabel('パスワード').fill(GROUP_PASSWORD);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.getByRole('heading', { name: '法人のページ', level: 1 }).waitFor();
  }

  it('shows both clinics and their figures side by side on a desk PC', async () => {
    const page = await desk.newPage();
    await page.goto(at(GROUP_HOST, '/group/'));
    await page.getByRole('heading', { name: '法人の管理者ログイン' }).waitFor();
    await expectNoAxeViolations(page, 'the group sign-in');
    await signIn(page);
    const b = page.getByRole('region', { name: CLINIC_B_NAME });
    await expect.poll(() => b.innerText(), { timeout: 15_000 }).toContain('ネット受付中');
    expect(await b.getByRole('row').nth(1).innerText()).toMatch(/^\S+\s+2人\s+1$/);
    const a = page.getByRole('region', { name: 'あおば医院' });
    expect(await a.innerText()).toContain('ネット受付は休止中');
    const table = page.getByRole('table', { name: /^医院ごとの統計/ });
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual(['項目', CLINIC_B_NAME, 'あおば医院']);
    expect((await table.getByRole('row', { name: /受付数（全経路）/ }).innerText()).split(/\s+/)).toEqual(['受付数（全経路）', '3', '0']);
    expect((await table.getByRole('row', { name: /診察開始/ }).innerText()).split(/\s+/)).toEqual(['診察開始', '1', '0']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(page, 'the group page');
    await page.screenshot({ path: screenshotPath('group-page-1920x1080'), fullPage: true });
    await page.close();
  });

  it('is usable on a phone with the text doubled', async () => {
    const page = await phone.newPage();
    await signIn(page);
    await page.getByRole('region', { name: CLINIC_B_NAME }).waitFor();
    expect(await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize))).toBeGreaterThanOrEqual(32);
    expect(await unusableControls(page)).toEqual([]);
    await expectNoAxeViolations(page, 'the group page on a phone');
    await page.screenshot({ path: screenshotPath('group-page-390x844'), fullPage: true });
    await page.close();
  });

  it('opens clinic B’s own queue screen through the handoff, the token gone from the address', async () => {
    // Still signed in from the first test: the group session is this desk browser's cookie.
    const page = await desk.newPage();
    await page.goto(at(GROUP_HOST, '/group/'));
    await page.getByRole('region', { name: CLINIC_B_NAME }).getByRole('button', { name: 'この医院の管理画面を開く' }).click();
    await page.waitForURL(at(HOST_B, '/admin/queue'), { timeout: 15_000 });
    await page.getByRole('heading', { name: '受付管理' }).waitFor();
    expect(page.url()).toBe(at(HOST_B, '/admin/queue'));
    const back = page.getByRole('link', { name: '法人のページへ' });
    expect(new URL((await back.getAttribute('href'))!).host).toBe(`${GROUP_HOST}:${port}`);
    await expectNoAxeViolations(page, 'clinic B’s queue screen after the handoff');
    await page.screenshot({ path: screenshotPath('group-handoff-clinic-b-queue') });
    // Clinic A's host knows nothing of this session: its desk asks for a sign-in.
    await page.goto(at(HOST_A, '/admin/queue'));
    await page.getByRole('heading', { name: 'スタッフログイン' }).waitFor();
    await page.close();
  });

  it('says why a spent or unknown token opens nothing, and how to try again', async () => {
    const page = await desk.newPage();
    await page.goto(at(HOST_B, '/admin/handoff#not-a-token'));
    await page.getByRole('heading', { name: '管理画面を開けませんでした' }).waitFor();
    expect(page.url()).toBe(at(HOST_B, '/admin/handoff'));
    expect(await page.getByRole('alert').innerText()).not.toBe('');
    await expectNoAxeViolations(page, 'a refused handoff');
    await page.screenshot({ path: screenshotPath('group-handoff-refused') });
    await page.close();
  });
});
