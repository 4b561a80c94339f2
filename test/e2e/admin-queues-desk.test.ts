import type { Page } from 'playwright-core';
import { beforeEach, expect, it } from 'vitest';
import { describeBrowser, screenshotPath } from './support/browser.js';
import { staffScreen } from './support/staff-screen.js';
import { expectNoAxeViolations } from './support/axe.js';
import { DESK } from './admin-support.js';

/**
 * Sound recorded at the browser's edge, on a monitor whose sound was unlocked on an earlier day: an
 * AudioContext that runs (its chime notes unheard) and speechSynthesis.speak keeping each utterance's text,
 * its end a moment later as a voice finishing would.
 */
function recordSpeech() {
  const spoken: string[] = [];
  (window as unknown as { spoken: string[] }).spoken = spoken;
  localStorage.setItem('qa_monitorSound', 'on');
  class RunningAudioContext extends EventTarget {
    state = 'running';
    currentTime = 0;
    destination = {};
    resume() {
      return Promise.resolve();
    }
    createGain() {
      const gain = { value: 1, setValueAtTime: () => {}, exponentialRampToValueAtTime: () => {} };
      return { gain, connect: (n: unknown) => n };
    }
    createOscillator() {
      return { type: 'sine', frequency: { value: 0 }, connect: (n: unknown) => n, start() {}, stop() {} };
    }
  }
  (window as unknown as { AudioContext: unknown }).AudioContext = RunningAudioContext;
  const voice = { name: 'Kyoko', lang: 'ja-JP', default: true, localService: true, voiceURI: 'Kyoko' };
  SpeechSynthesis.prototype.getVoices = () => [voice] as unknown as SpeechSynthesisVoice[];
  SpeechSynthesis.prototype.speak = (u: SpeechSynthesisUtterance) => {
    spoken.push(u.text);
    setTimeout(() => u.dispatchEvent(new Event('end')), 200);
  };
}

/**
 * A clinic of three queues (decision 061) on the desk's screen and the wall monitor, at 1920×1080: the two
 * further queues are seeded in the store as the queue settings would save them (before reception opens), numbers are taken in each
 * through allocateNextSlot with queueId, and the screens show each queue apart. Each test has its own clinic.
 */
describeBrowser('several queues on the staff screen and the monitor', () => {
  const screen = staffScreen({ desk: true });

  /** 予防接種 from 501 (desk only) and 発熱外来 from 1001 after the first queue, 一般. */
  async function seedQueues() {
    const now = new Date().toISOString();
    const queue = (id: string, position: number, nameJa: string, nameEn: string, firstNumber: number, online: number) => ({
      id, position, name_ja: nameJa, name_en: nameEn, first_number: firstNumber, online,
      online_cap: 0, keep_every: 0, family_max: 1, version: 0, created_at: now,
    });
    await screen.server.store.db
      .insertInto('queues')
      .values([queue('vaccine', 1, '予防接種', 'Vaccination', 501, 0), queue('fever', 2, '発熱外来', 'Fever clinic', 1001, 1)])
      .execute();
  }

  /** Takes `count` numbers at the desk in the queue; returns their slots by number. */
  async function take(queueId: string | undefined, count: number): Promise<Map<number, string>> {
    const slots = new Map<number, string>();
    for (let i = 0; i < count; i++) {
      const { slotId, reservationNumber } = await screen.staff<{ slotId: string; reservationNumber: number }>('allocateNextSlot', {
        reservedType: 'ADMIN',
        ...(queueId ? { queueId } : {}),
      });
      slots.set(reservationNumber, slotId);
    }
    return slots;
  }

  let main: Map<number, string>;
  let vaccine: Map<number, string>;
  let fever: Map<number, string>;
  beforeEach(async () => {
    // Before reception opens: the session gives each queue its own range of numbers as it starts.
    await seedQueues();
    await screen.staff('startInhouseReception');
    main = await take(undefined, 4);
    vaccine = await take('vaccine', 3);
    fever = await take('fever', 2);
  });

  const numbersOn = (page: Page) => page.locator('.queue-table tbody th.cell-number').evaluateAll((ths) => ths.map((th) => th.firstChild!.textContent));

  it('the desk filters to one queue, remembers it, tags the rows and takes a walk-in in that queue', async () => {
    expect([...main.keys(), ...vaccine.keys(), ...fever.keys()]).toEqual([1, 2, 3, 4, 501, 502, 503, 1001, 1002]);
    const page = screen.page;
    await page.goto(`${screen.server.url}/admin/queue`);
    const filter = page.getByRole('group', { name: '受付項目' });
    await filter.getByRole('radio', { name: '予防接種 3人待ち' }).waitFor({ state: 'attached' });
    await expect(numbersOn(page)).resolves.toHaveLength(9);
    await expect(page.locator('tr', { has: page.getByRole('rowheader', { name: /^1001番/ }) }).locator('.queue-tag').innerText()).resolves.toBe('発熱外来');

    await filter.getByText('予防接種').click();
    await expect.poll(() => numbersOn(page)).toEqual(['501番', '502番', '503番']);
    // A consulting room's PC keeps its queue through a reload.
    await page.reload();
    await expect.poll(() => numbersOn(page)).toEqual(['501番', '502番', '503番']);
    await expect(page.getByRole('combobox', { name: '受付項目' }).inputValue()).resolves.toBe('vaccine');

    await page.getByRole('button', { name: '新規受付' }).click();
    await page.getByText('予防接種 504番を発行しました').waitFor();
    await expect.poll(() => numbersOn(page)).toEqual(['501番', '502番', '503番', '504番']);
    await filter.getByRole('radio', { name: '予防接種 4人待ち' }).waitFor({ state: 'attached' });
    await page.screenshot({ path: screenshotPath('admin-queues-desk-vaccine') });
    await expectNoAxeViolations(page, 'admin-queues-desk-vaccine');
  });

  it('the monitor shows the three queues side by side, each with its own call and numbers, at 1920×1080', async () => {
    await screen.staff('markSlot', { slotId: main.get(1), action: 'start' });
    await screen.staff('markSlot', { slotId: vaccine.get(501), action: 'start' });
    const monitor = await (await screen.openBrowser()).newPage();
    await monitor.goto(`${screen.server.url}/admin/monitor`);
    const column = (name: string) => monitor.getByRole('region', { name });
    await column('予防接種').getByText('診察中 501番').waitFor();
    await column('一般').getByText('診察中 1番').waitFor();
    await expect(column('予防接種').locator('.monitor-cell').allInnerTexts()).resolves.toEqual(['502番\n0人', '503番\n1人']);
    await expect(column('一般').locator('.monitor-cell').allInnerTexts()).resolves.toEqual(['2番\n0人', '3番\n1人', '4番\n2人']);
    await expect(column('発熱外来').locator('.monitor-queue-waiting').innerText()).resolves.toBe('お待ち 2人');

    const fit = await monitor.evaluate(() => {
      const scroller = document.scrollingElement!;
      const columns = [...document.querySelectorAll<HTMLElement>('.monitor-queue')].map((c) => c.getBoundingClientRect());
      return {
        scrolls: scroller.scrollHeight > innerHeight || scroller.scrollWidth > innerWidth,
        sideBySide: columns.every((r) => Math.round(r.top) === Math.round(columns[0].top)) && columns.every((r) => r.right <= innerWidth),
        nameCssPx: parseFloat(getComputedStyle(document.querySelector('.monitor-queue-name')!).fontSize),
      };
    });
    // Read across a room: a queue's name stands at least 60px high on a 1080-line screen.
    expect(fit).toMatchObject({ scrolls: false, sideBySide: true });
    expect(fit.nameCssPx).toBeGreaterThanOrEqual(60);
    await monitor.screenshot({ path: screenshotPath('admin-queues-monitor-three') });
    await expectNoAxeViolations(monitor, 'admin-queues-monitor-three');

    // A waiting area's own screen.
    await monitor.goto(`${screen.server.url}/admin/monitor?queues=main,vaccine`);
    await column('予防接種').waitFor();
    await expect(monitor.locator('.monitor-queue').evaluateAll((rs) => rs.map((r) => r.getAttribute('data-queue-id')))).resolves.toEqual(['main', 'vaccine']);
    await monitor.screenshot({ path: screenshotPath('admin-queues-monitor-two') });
  });

  it('speaks a call-out with its queue’s name, and a waiting area’s monitor only its own queues’', async () => {
    const openWithSound = async (path: string) => {
      const context = await screen.openBrowser(DESK);
      await context.addInitScript(recordSpeech);
      const page = await context.newPage();
      await page.goto(`${screen.server.url}${path}`);
      await page.getByText('音声あり').waitFor();
      await page.locator('.monitor-queue').first().waitFor();
      return page;
    };
    const all = await openWithSound('/admin/monitor');
    const general = await openWithSound('/admin/monitor?queues=main');
    const spoken = (page: Page) => page.evaluate(() => (window as unknown as { spoken: string[] }).spoken);

    await screen.staff('callSlot', { slotId: vaccine.get(502) });
    await screen.staff('callSlot', { slotId: main.get(2) });
    await expect.poll(() => spoken(all), { timeout: 20_000 }).toEqual(['予防接種の502番の方、診察室へお入りください', '一般の2番の方、診察室へお入りください']);
    await expect.poll(() => spoken(general), { timeout: 20_000 }).toEqual(['一般の2番の方、診察室へお入りください']);
  });
});
