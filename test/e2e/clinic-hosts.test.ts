/**
 * The pages each host serves, in Chromium (decision 078): a clinic's own public list at its host, and the plain
 * page of a host that reaches no clinic and of a disabled clinic, at a phone's size, with axe. Chromium maps
 * the example hosts to this machine, so each page is asked for by its real host name, as a patient's is.
 */
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { setDisabled } from '../../src/server/ops/clinics.js';
import { HOST_A, HOST_B, startTwoClinics, type TwoClinics } from '../support/clinic-hosts.js';
import { expectNoAxeViolations } from './support/axe.js';
import { describeBrowser, launchPersistent, PHONES, screenshotPath } from './support/browser.js';

describeBrowser('a clinic by its host, in the browser', () => {
  let two: TwoClinics;
  let context: BrowserContext;
  let port: string;
  beforeAll(async () => {
    two = await startTwoClinics('sqlite', { CLINIC_NAME: 'あおば医院' }, inject('clientDir'));
    port = new URL(two.server.url).port;
    context = await launchPersistent('', PHONES.iphone, ['--host-resolver-rules=MAP *.example.jp 127.0.0.1']);
  });
  afterAll(async () => {
    await context?.close();
    await two?.close();
  });
  const at = (host: string, path: string) => `http://${host}:${port}${path}`;

  it("shows each clinic's own queue at its own host", async () => {
    // Only clinic B opens reception: its public page says so, clinic A's still says reception is stopped.
    const cookie = await two.b.staff();
    await two.b.call('startInhouseReception', {}, { cookie });
    const page = await context.newPage();
    await page.goto(at(HOST_B, '/web/all'));
    await expect.poll(() => page.locator('body').innerText(), { timeout: 15_000 }).toContain('待ち人数 0人');
    expect(await page.locator('body').innerText()).not.toContain('受付を停止');
    await page.goto(at(HOST_A, '/web/all'));
    await expect.poll(() => page.locator('body').innerText(), { timeout: 15_000 }).toContain('受付を停止');
    await page.close();
  });

  it('answers a host that reaches no clinic with a plain page in both languages, readable at a phone’s size', async () => {
    const page = await context.newPage();
    const response = await page.goto(at('c.example.jp', '/pwa/'));
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.locator('h1').innerText()).toBe('このアドレスのクリニックはありません');
    expect(await page.locator('section[lang="en"] h2').innerText()).toBe('No clinic at this address');
    await expectNoAxeViolations(page, 'no clinic at this host');
    await page.screenshot({ path: screenshotPath('clinic-unknown-host'), fullPage: true });
    await page.close();
  });

  it('answers a disabled clinic’s host with the closed page', async () => {
    await setDisabled(two.t.store, 'clinic-b', true, new Date().toISOString());
    await two.server.app.clinics.refresh();
    const page = await context.newPage();
    const response = await page.goto(at(HOST_B, '/pwa/'));
    expect(response?.status()).toBe(503);
    expect(await page.locator('h1').innerText()).toBe('このクリニックの受付は休止しています');
    await expectNoAxeViolations(page, 'a disabled clinic');
    await page.screenshot({ path: screenshotPath('clinic-closed'), fullPage: true });
    await page.close();
  });
});
