/**
 * Arrival check-in from the patient's card (issue 34) in real Chromium at 390×844 against the real server,
 * only LINE faked. The codes are the server's own: the monitor's from getMonitorCheckinCode with the key
 * staff receive in getArrivalSetup, the desk sheet's from getArrivalSetup. A wrong code shows the
 * catalogue's message and changes nothing; the right one shows 来院済み with the time the server recorded;
 * the sheet's link opens the form filled in (through LINE's sign-in, which drops the query) and checks in
 * only on the patient's tap, then leaves the address clean. Screenshots, axe-core and 200 % text throughout.
 */
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { patientEn } from '../../src/shared/labels/patient-en.js';
import { patientJa } from '../../src/shared/labels/patient-ja.js';
import { tokyoHhmm } from '../../src/shared/time/tokyo.js';
import { lineWebEnv, randomLineUserId, startFakeLine } from '../fakes/line-server.js';
import { mustCall } from '../support/client.js';
import { expectNoAxeViolations } from './support/axe.js';
import { describeBrowser, screenshotPath } from './support/browser.js';
import { takeNumberInApp } from './pwa-support.js';
import { unusableControls } from './support/usable.js';
import { staffScreen } from './support/staff-screen.js';
import { openPatientViewer, type Opened } from './support/viewers.js';

const PHONE_SCREEN = { width: 390, height: 844 };

describeBrowser('arrival check-in on the patient’s card', () => {
  const screen = staffScreen({
    browser: false,
    fake: startFakeLine,
    server: (fake) => ({ env: { ...lineWebEnv(fake), CLINIC_NAME: 'テストクリニック' } }),
    reception: 'both',
  });
  const opened: Opened[] = [];

  beforeEach(async () => {
    for (let i = 0; i < 2; i++) await screen.staff('allocateNextSlot', { reservedType: 'ADMIN' });
  });
  afterEach(async () => {
    try {
      expect(screen.fake.unexpected).toEqual([]);
    } finally {
      for (const viewer of opened.splice(0)) await viewer.close();
    }
  });

  async function open(kind: 'line' | 'pwa', options: { locale?: string; textPx?: number } = {}): Promise<Page> {
    const viewer = await openPatientViewer(kind, screen.server.url, { viewport: PHONE_SCREEN, locale: options.locale ?? 'ja-JP', textPx: options.textPx });
    opened.push(viewer);
    return viewer.page;
  }

  /** The codes as the server makes them: the wall monitor's (through the key staff hand it) and the desk sheet's. */
  async function codes() {
    const setup = await screen.staff<{ deskCode: string; deskLink: string; monitorKey: string }>('getArrivalSetup');
    const { code: monitorCode } = await mustCall<{ code: string }>(screen.server.url, 'getMonitorCheckinCode', { monitorKey: setup.monitorKey });
    return { deskCode: setup.deskCode, deskLink: setup.deskLink, monitorCode };
  }

  /** A code that is neither: six digits (the sheet's length) other than the sheet's, never a 4-digit monitor code. */
  const wrongFor = (deskCode: string) => (deskCode === '999999' ? '999998' : '999999');

  const arrival = (slotId: string) =>
    screen.server.store.db.selectFrom('reservation_slots').select(['arrived_at', 'arrived_by']).where('id', '=', slotId).executeTakeFirstOrThrow();
  const card = (page: Page) => page.getByRole('region', { name: /あなたの受付番号|Your number/ });

  /** The app's own patient with number 3, on /pwa/my. */
  async function appPatientOnMy(page: Page) {
    await page.waitForURL(`${screen.server.url}/pwa/book`);
    const { slotId, reservationNumber } = await takeNumberInApp(page, screen.server.url);
    expect(reservationNumber).toBe(3);
    await page.goto(`${screen.server.url}/pwa/my`);
    await card(page).getByText('あなたの前に 2人').waitFor({ timeout: 15_000 });
    return slotId;
  }

  it('refuses a wrong code with the catalogue’s message and nothing changed, then checks in with the monitor’s code', async () => {
    const page = await open('pwa');
    const slotId = await appPatientOnMy(page);
    const { deskCode, monitorCode } = await codes();

    await page.getByRole('button', { name: '来院しました' }).click();
    const field = page.getByRole('textbox', { name: /来院確認コード/ });
    await field.waitFor();
    expect(await field.getAttribute('inputmode')).toBe('numeric');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('inputmode'))).toBe('numeric');
    await page.screenshot({ path: screenshotPath('checkin-pwa-form') });
    await expectNoAxeViolations(page, 'checkin-pwa-form');

    await field.fill(wrongFor(deskCode));
    await page.getByRole('button', { name: '来院を確認する' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toBe(patientJa['error.checkinCodeWrong']);
    expect(await arrival(slotId)).toEqual({ arrived_at: null, arrived_by: null });
    expect(await card(page).innerText()).not.toContain('来院済み');
    expect(await field.inputValue()).toBe(wrongFor(deskCode));
    await page.screenshot({ path: screenshotPath('checkin-pwa-wrong-code') });
    await expectNoAxeViolations(page, 'checkin-pwa-wrong-code');

    await field.fill(monitorCode);
    await page.getByRole('button', { name: '来院を確認する' }).click();
    const arrived = card(page).getByRole('status').filter({ hasText: '来院済み' });
    await arrived.waitFor({ timeout: 10_000 });
    const stored = await arrival(slotId);
    expect(stored.arrived_by).toBe('patient');
    expect(await arrived.innerText()).toBe(`来院済み（${tokyoHhmm(stored.arrived_at!)}）`);
    expect(await page.getByRole('button', { name: '来院しました' }).count()).toBe(0);
    expect(await page.getByRole('textbox').count()).toBe(0);
    await page.screenshot({ path: screenshotPath('checkin-pwa-arrived') });
    await expectNoAxeViolations(page, 'checkin-pwa-arrived');

    // It is the server's record: a reload still says so.
    await page.reload();
    await card(page).getByText(/来院済み（\d{2}:\d{2}）/).waitFor({ timeout: 15_000 });
  });

  it('opens the desk sheet’s link through LINE’s sign-in with the code filled in, checks in on the tap only, and cleans the address', async () => {
    const { deskCode, deskLink } = await codes();
    expect(deskLink).toContain(`/line/my?checkin=${deskCode}`);
    // The patient took number 3 earlier in another tab of LINE's browser.
    screen.fake.authorizeAs = { userId: randomLineUserId(), displayName: '山田 花子' };
    const first = await open('line');
    await first.goto(`${screen.server.url}/line/book`);
    const stored = await first.waitForFunction(() => sessionStorage.getItem('line_token'));
    const token = JSON.parse((await stored.jsonValue()) as string) as string;
    const { slotId } = await mustCall<{ slotId: string }>(screen.server.url, 'allocateNextSlot', { reservedType: 'LINE' }, { token });

    // A new tab signs in through LINE's authorize page, which returns to /line/my without the query.
    const page = await first.context().newPage();
    await page.goto(`${screen.server.url}/line/my?checkin=${deskCode}`);
    const field = page.getByRole('textbox', { name: /来院確認コード/ });
    await field.waitFor({ timeout: 15_000 });
    expect(await field.inputValue()).toBe(deskCode);
    expect(await page.locator('main').innerText()).toContain(patientJa['my.checkin.fromLink']);
    // Shown, not sent: nothing happens until the patient taps.
    expect(await arrival(slotId)).toEqual({ arrived_at: null, arrived_by: null });
    await page.screenshot({ path: screenshotPath('checkin-line-link') });
    await expectNoAxeViolations(page, 'checkin-line-link');

    await page.getByRole('button', { name: '来院を確認する' }).click();
    await card(page).getByText(/来院済み（\d{2}:\d{2}）/).waitFor({ timeout: 10_000 });
    expect((await arrival(slotId)).arrived_by).toBe('patient');
    expect(new URL(page.url()).search).toBe('');
    expect(await page.evaluate(() => sessionStorage.getItem('checkin_link'))).toBeNull();
    await page.screenshot({ path: screenshotPath('checkin-line-arrived') });
  });

  it('opens /pwa/my?checkin= in the installed app the same way', async () => {
    const page = await open('pwa');
    const slotId = await appPatientOnMy(page);
    const { deskCode } = await codes();
    await page.goto(`${screen.server.url}/pwa/my?checkin=${deskCode}`);
    const field = page.getByRole('textbox', { name: /来院確認コード/ });
    await field.waitFor({ timeout: 15_000 });
    expect(await field.inputValue()).toBe(deskCode);
    expect(await arrival(slotId)).toEqual({ arrived_at: null, arrived_by: null });
    await page.getByRole('button', { name: '来院を確認する' }).click();
    await card(page).getByText(/来院済み（\d{2}:\d{2}）/).waitFor({ timeout: 10_000 });
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/pwa/my');
  });

  it('works in English and at 200 % text, every control usable', async () => {
    const page = await open('pwa', { locale: 'en-US', textPx: 32 });
    await page.waitForURL(`${screen.server.url}/pwa/book`);
    const { slotId } = await takeNumberInApp(page, screen.server.url);
    const { deskCode } = await codes();
    await page.goto(`${screen.server.url}/pwa/my`);
    await page.getByRole('button', { name: 'I have arrived' }).click();
    const field = page.getByRole('textbox', { name: /check-in code/ });
    await field.fill(wrongFor(deskCode));
    await page.getByRole('button', { name: 'Confirm arrival' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toBe(patientEn['error.checkinCodeWrong']);
    expect(await unusableControls(page)).toEqual([]);
    // The sheet's six digits show whole in the field, not scrolled inside it.
    expect(await field.evaluate((input) => input.scrollWidth <= input.clientWidth)).toBe(true);
    await field.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('en-checkin-pwa-wrong-code-200') });
    await expectNoAxeViolations(page, 'en-checkin-pwa-wrong-code');

    await field.fill(deskCode);
    await page.getByRole('button', { name: 'Confirm arrival' }).click();
    await card(page).getByText(/Arrived \(\d{2}:\d{2}\)/).waitFor({ timeout: 10_000 });
    expect((await arrival(slotId)).arrived_by).toBe('patient');
    expect(await unusableControls(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('en-checkin-pwa-arrived-200') });
  });
});
