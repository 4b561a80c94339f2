/**
 * The monitor's spoken call-out (issue 15) in real Chromium. Sound is recorded at the browser's edge: an
 * init script puts recorders in place of AudioContext (the chime's notes) and speechSynthesis.speak (each
 * utterance; its end event fires a moment later, as a voice finishing would), and keeps a count of
 * utterances speaking at once. Autoplay is modelled too: the fake AudioContext resumes only after a real
 * (trusted) click on the page, or when the test says this browser now allows it (as Chromium does for a site used before).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeEach, expect, it } from 'vitest';
import { mustCall, pwaPatient } from '../support/client.js';
import { DESK, pressInRow, row } from './admin-support.js';
import { describeBrowser, screenshotPath } from './support/browser.js';
import { staffScreen } from './support/staff-screen.js';

type Sound = { t: 'note'; hz: number; gain: number } | { t: 'speak'; text: string; volume: number; lang: string } | { t: 'end'; text: string };
interface Recorder {
  sounds: Sound[];
  maxSpeaking: number;
}
type Taken = { slotId: string; reservationNumber: number };

/** Runs in the page before its own scripts. `options` says whether a ja voice exists and autoplay is allowed. */
function installRecorders(options: { jaVoice: boolean; autoplay: boolean }) {
  const rec = { sounds: [] as unknown[], maxSpeaking: 0 };
  (window as unknown as { rec: typeof rec }).rec = rec;
  let speaking = 0;
  // A real tap on the page (playwright's evaluate counts as user activation, so that flag cannot be used).
  let tapped = false;
  addEventListener('click', (e) => (tapped ||= e.isTrusted), true);
  class FakeAudioContext extends EventTarget {
    state: 'suspended' | 'running' = 'suspended';
    currentTime = 0;
    destination = {};
    resume() {
      // Like Chromium without a tap: the promise stays pending and the context stays suspended.
      if (!tapped && !options.autoplay) return new Promise<void>(() => {});
      this.state = 'running';
      this.dispatchEvent(new Event('statechange'));
      return Promise.resolve();
    }
    createGain() {
      const param = { value: 1, setValueAtTime: (v: number) => (param.value = v), exponentialRampToValueAtTime: () => {} };
      return { gain: param, connect: (n: unknown) => n };
    }
    createOscillator() {
      const osc = {
        type: 'sine',
        frequency: { value: 0 },
        gainNode: null as null | { gain: { value: number } },
        connect(n: { gain: { value: number } }) {
          osc.gainNode = n;
          return n;
        },
        start() {
          rec.sounds.push({ t: 'note', hz: osc.frequency.value, gain: osc.gainNode?.gain.value ?? 1 });
        },
        stop() {},
      };
      return osc;
    }
  }
  (window as unknown as { AudioContext: unknown }).AudioContext = FakeAudioContext;
  const voices = options.jaVoice ? [{ name: 'Kyoko', lang: 'ja-JP', default: true, localService: true, voiceURI: 'Kyoko' }] : [];
  SpeechSynthesis.prototype.getVoices = () => voices as unknown as SpeechSynthesisVoice[];
  SpeechSynthesis.prototype.speak = (u: SpeechSynthesisUtterance) => {
    speaking++;
    rec.maxSpeaking = Math.max(rec.maxSpeaking, speaking);
    rec.sounds.push({ t: 'speak', text: u.text, volume: u.volume, lang: u.lang });
    setTimeout(() => {
      speaking--;
      rec.sounds.push({ t: 'end', text: u.text });
      u.dispatchEvent(new Event('end'));
    }, 300);
  };
}

describeBrowser('monitor call-out', () => {
  // Web Push configured, so a PWA reservation can be recalled (no subscription: the push itself just fails).
  const screen = staffScreen({ server: () => ({ env: { VAPID_SUBJECT: 'mailto:x@example.com' } }), reception: 'both' });
  let context: BrowserContext | undefined;
  let monitor: Page;
  let taken: Taken[];

  const recorder = () => monitor.evaluate(() => (window as unknown as { rec: Recorder }).rec);
  /** The sounds as short words: ♪ for a chime note, the spoken text, and its end. */
  const heard = async () =>
    (await recorder()).sounds.map((s) => (s.t === 'note' ? '♪' : s.t === 'speak' ? `speak ${s.text}` : `end ${s.text}`));
  /** The first utterance's language and volume and the first chime note's gain, in percent (float32 rounded). */
  const loudness = async () => {
    const { sounds } = await recorder();
    const speak = sounds.find((s) => s.t === 'speak');
    const note = sounds.find((s) => s.t === 'note');
    return { lang: speak?.lang, speech: Math.round((speak?.volume ?? 0) * 100), chime: Math.round((note?.gain ?? 0) * 100) };
  };
  const sentence = (n: number) => `受付番号 ${n}番の方、診察室へお入りください`;
  const idle = () => monitor.locator('.monitor-callout').waitFor({ state: 'detached', timeout: 20_000 });

  /** Waits until the page shows the live queue: the snapshot's call-outs have been taken in. */
  const queueShown = (page: Page) => page.getByText('ただいま', { exact: false }).first().waitFor();

  async function openMonitor(options: { jaVoice: boolean; autoplay: boolean }) {
    await context?.close();
    context = await screen.openBrowser(DESK);
    await context.addInitScript(installRecorders, options);
    monitor = await context.newPage();
    await monitor.goto(`${screen.server.url}/admin/monitor`);
    await queueShown(monitor);
  }

  /** A monitor on a device where sound was unlocked before (a tap on an earlier day), in a browser that allows it now. */
  async function openMonitorWithSound(jaVoice: boolean) {
    await openMonitor({ jaVoice, autoplay: true });
    await monitor.evaluate(() => localStorage.setItem('qa_monitorSound', 'on'));
    await monitor.reload();
    await monitor.getByText(jaVoice ? '音声あり' : 'チャイムのみ').waitFor();
    await queueShown(monitor);
  }

  // Each test has its own clinic day: numbers 1-6 at the desk and 7 booked on the app, nothing called yet.
  beforeEach(async () => {
    context = undefined;
    taken = [];
    for (let i = 0; i < 6; i++) taken.push(await screen.staff<Taken>('allocateNextSlot', { reservedType: 'ADMIN' }));
    const patient = await pwaPatient(screen.server.url);
    taken.push(await mustCall<Taken>(screen.server.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token: patient.token }));
    // Another desk has already announced it: a desk opened in a test shows no new-reservation modal.
    await screen.staff('claimAdminBeep', { slotId: taken[6]!.slotId });
  });

  it('asks for one tap before sound; says 音声あり with a Japanese voice', async () => {
    await openMonitor({ jaVoice: true, autoplay: false });
    const enable = monitor.getByRole('button', { name: '音声を有効にする' });
    await enable.waitFor();
    await enable.click();
    await enable.waitFor({ state: 'detached' });
    await monitor.getByText('音声あり').waitFor();
    expect(await monitor.evaluate(() => localStorage.getItem('qa_monitorSound'))).toBe('on');
  });

  it('a start: the 呼出中 panel, a chime, then the sentence once', async () => {
    await openMonitorWithSound(true);
    await screen.staff('markSlot', { slotId: taken[0]!.slotId, action: 'start' });
    const panel = monitor.getByRole('region', { name: '呼出中' });
    await panel.getByText('1番', { exact: true }).waitFor();
    await expect.poll(heard, { timeout: 10_000 }).toEqual(['♪', '♪', `speak ${sentence(1)}`, `end ${sentence(1)}`]);
    expect(await loudness()).toEqual({ lang: 'ja-JP', speech: 80, chime: 40 });
    await expect(panel.innerText()).resolves.toMatch(/^呼出中\s+1番$/);
    await monitor.screenshot({ path: screenshotPath('admin-monitor-callout') });
    await idle();
  });

  it('two quick starts are spoken one after the other, never at once', async () => {
    await openMonitorWithSound(true);
    await screen.staff('markSlot', { slotId: taken[0]!.slotId, action: 'start' });
    await screen.staff('markSlot', { slotId: taken[1]!.slotId, action: 'start' });
    await expect.poll(heard, { timeout: 15_000 }).toEqual([
      '♪', '♪', `speak ${sentence(1)}`, `end ${sentence(1)}`,
      '♪', '♪', `speak ${sentence(2)}`, `end ${sentence(2)}`,
    ]);
    expect((await recorder()).maxSpeaking).toBe(1);
    await idle();
  });

  it('a recall is spoken twice', async () => {
    await openMonitorWithSound(true);
    const pwa = taken[6]!;
    await screen.staff('sendReservationMessageBySlot', { slotId: pwa.slotId, kind: 'recall' });
    await expect.poll(heard, { timeout: 15_000 }).toEqual([
      '♪', '♪', `speak ${sentence(7)}`, `end ${sentence(7)}`, `speak ${sentence(7)}`, `end ${sentence(7)}`,
    ]);
    expect((await recorder()).maxSpeaking).toBe(1);
    await idle();
  });

  it('a reload repeats nothing old, resumes sound by itself where the browser allows it, and speaks the next one', async () => {
    // Call-outs made before the monitor (re)loads: on its first snapshot, as old news.
    for (const slot of taken.slice(0, 3)) await screen.staff('markSlot', { slotId: slot.slotId, action: 'start' });
    await screen.staff('sendReservationMessageBySlot', { slotId: taken[6]!.slotId, kind: 'recall' });
    await openMonitor({ jaVoice: true, autoplay: true });
    await monitor.getByText('音声あり').waitFor();
    // A fresh context has no stored unlock: remember it as the first tap did on this device.
    await monitor.evaluate(() => localStorage.setItem('qa_monitorSound', 'on'));
    await monitor.reload();
    await monitor.getByText('音声あり').waitFor();
    await queueShown(monitor);
    await expect(monitor.getByRole('button', { name: '音声を有効にする' }).count()).resolves.toBe(0);
    // The next call-out reaches the page after the snapshot that carried the old ones, and call-outs are
    // spoken in the order they arrive: had any old one been queued, it would be heard before this one.
    await screen.staff('markSlot', { slotId: taken[3]!.slotId, action: 'start' });
    await expect.poll(heard, { timeout: 10_000 }).toEqual(['♪', '♪', `speak ${sentence(4)}`, `end ${sentence(4)}`]);
    await idle();
    expect(await heard()).toEqual(['♪', '♪', `speak ${sentence(4)}`, `end ${sentence(4)}`]);
  });

  it('shows the button again on a later load where the browser still blocks', async () => {
    await openMonitor({ jaVoice: true, autoplay: false });
    await monitor.evaluate(() => localStorage.setItem('qa_monitorSound', 'on'));
    // A later load on the same device (same storage), in a browser that still wants a tap.
    const later = await monitor.context().newPage();
    await later.goto(`${screen.server.url}/admin/monitor`);
    await later.getByText('音声あり').waitFor();
    await later.getByRole('button', { name: '音声を有効にする' }).waitFor();
    await later.close();
  });

  it('the staff 呼出 calls without starting: the row stays waiting; chime only without a Japanese voice', async () => {
    await openMonitorWithSound(false);
    const desk = await (await screen.openDesk()).newPage();
    await desk.goto(`${screen.server.url}/admin`);
    await row(desk, 5).waitFor();
    await pressInRow(desk, 5, '呼出');
    await monitor.getByRole('region', { name: '呼出中' }).getByText('5番', { exact: true }).waitFor();
    await expect.poll(heard, { timeout: 10_000 }).toEqual(['♪', '♪']);
    // Still waiting: start is still offered, and the monitor still lists number 5.
    await expect(row(desk, 5).getByRole('button', { name: '開始', exact: true }).isVisible()).resolves.toBe(true);
    await monitor.locator('.monitor-cell', { hasText: '5番' }).first().waitFor();
    await desk.context().close();
    // The panel goes only after the call-out's whole sound has played: a sentence would be heard by then.
    await idle();
    expect(await heard()).toEqual(['♪', '♪']);
  });

  it('honours the volume and the off switch set by staff', async () => {
    await openMonitorWithSound(true);
    await screen.staff('setCalloutSettings', { on: true, volume: 30, text: '{n}番の方どうぞ' });
    await screen.staff('callSlot', { slotId: taken[4]!.slotId });
    await expect.poll(heard, { timeout: 10_000 }).toEqual(['♪', '♪', 'speak 5番の方どうぞ', 'end 5番の方どうぞ']);
    expect(await loudness()).toEqual({ lang: 'ja-JP', speech: 30, chime: 15 });
    await idle();

    await screen.staff('setCalloutSettings', { on: false, volume: 30, text: '{n}番の方どうぞ' });
    await monitor.getByText('音声オフ').waitFor();
    await screen.staff('callSlot', { slotId: taken[5]!.slotId });
    // The panel still shows the number; nothing is heard.
    await monitor.getByRole('region', { name: '呼出中' }).getByText('6番', { exact: true }).waitFor();
    await idle();
    expect(await heard()).toEqual(['♪', '♪', 'speak 5番の方どうぞ', 'end 5番の方どうぞ']);
  });

  it('staff set volume and wording in the panel on /admin/messages; the monitor follows', async () => {
    await openMonitorWithSound(true);
    const desk = await (await screen.openDesk()).newPage();
    await desk.goto(`${screen.server.url}/admin/messages`);
    const panel = desk.getByRole('form', { name: 'モニターの呼び出し音声' });
    await panel.getByLabel('モニターで番号を読み上げる').check();
    await panel.getByLabel('音量（0〜100）').fill('50');
    const wording = panel.getByLabel('読み上げる文（{n} が番号になります）');
    await wording.fill('番号をお呼びします');
    await panel.getByText('読み上げる文には {n} を入れてください（100文字まで）。').waitFor();
    await expect(panel.getByRole('button', { name: '呼び出し音声の設定を保存' }).isDisabled()).resolves.toBe(true);
    await wording.fill('{n}番の方、1番診察室へどうぞ');
    await panel.getByRole('button', { name: '呼び出し音声の設定を保存' }).click();
    await panel.getByText('呼び出し音声の設定を保存しました。').waitFor();
    await desk.screenshot({ path: screenshotPath('admin-messages-callout') });
    await desk.context().close();

    await monitor.getByText('音声あり').waitFor();
    const before = (await heard()).length;
    await screen.staff('callSlot', { slotId: taken[4]!.slotId });
    const sentence5 = '5番の方、1番診察室へどうぞ';
    await expect.poll(async () => (await heard()).slice(before), { timeout: 10_000 }).toEqual(['♪', '♪', `speak ${sentence5}`, `end ${sentence5}`]);
    const speak = (await recorder()).sounds.filter((x) => x.t === 'speak').at(-1);
    expect(Math.round((speak?.t === 'speak' ? speak.volume : 0) * 100)).toBe(50);
  });
});
