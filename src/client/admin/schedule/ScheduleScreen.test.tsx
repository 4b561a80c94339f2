// @vitest-environment happy-dom
/**
 * /admin/schedule against a stubbed network (fetch answers as the server's functions would); our own
 * modules are all real. What is sent on save, and what the receptionist reads back.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SCHEDULE, type ScheduleForStaff } from '../../../shared/schedule/types.js';
import { staffMonth } from '../../../../test/support/schedule-fixtures.js';
import { DialogProvider } from '../Modal.js';
import { type Answer, type ScriptedStream, type Sent, stubFunctions, stubStreams } from '../test-support.js';
import { ScheduleScreen } from './ScheduleScreen.js';

let sent: Sent;
let answer: (name: string, data: unknown) => Answer | Promise<Answer>;
let streams: ScriptedStream[];

const month = (data: unknown): ScheduleForStaff => staffMonth((data as { month: string }).month);
const okAll = (name: string, data: unknown): Answer => ({ result: name === 'getSchedule' ? month(data) : { ok: true } });

beforeEach(() => {
  streams = stubStreams();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T03:00:00Z')); // Tuesday 12:00 in Tokyo
  answer = okAll;
  sent = stubFunctions((name, data) => answer(name, data));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function open() {
  render(
    <DialogProvider>
      <ScheduleScreen />
    </DialogProvider>,
  );
  await screen.findByRole('heading', { name: '2026年11月' });
}
const saves = () => sent.filter((s) => s.name !== 'getSchedule');
const input = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const change = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
const click = (name: string | RegExp) => act(async () => void fireEvent.click(screen.getByRole('button', { name })));
const submit = async (button: string) => {
  await click(button);
  await act(async () => {}); // the reload after a save
};

describe('the weekly hours', () => {
  it("shows each weekday's periods, Sunday closed, and saves what was typed", async () => {
    await open();
    expect(input('月曜日 1つ目の時間帯の開始時刻').value).toBe('09:00');
    expect(input('月曜日 2つ目の時間帯の終了時刻').value).toBe('19:00');
    const sunday = screen.getByRole('rowheader', { name: '日曜日' }).closest('tr')!;
    expect(within(sunday).getByText('休診')).toBeTruthy();

    // Thursday afternoon off, Saturday's morning shortened, Sunday morning added.
    await click('木曜日 2つ目の時間帯を削除');
    change('土曜日 1つ目の時間帯の終了時刻', '12:30');
    await click('日曜日に時間帯を追加');
    expect(input('日曜日 1つ目の時間帯の開始時刻').value).toBe('09:00');
    await submit('診療時間を保存');
    const [save] = saves();
    expect(save!.name).toBe('saveWeeklyHours');
    const weekly = (save!.data as { weekly: { start: string; end: string }[][] }).weekly;
    expect(weekly[4]).toEqual([{ start: '09:00', end: '11:30' }]);
    expect(weekly[6]).toEqual([{ start: '09:00', end: '12:30' }, { start: '16:30', end: '19:00' }]);
    expect(weekly[0]).toEqual([{ start: '09:00', end: '11:30' }]);
    expect(screen.getByText('曜日ごとの診療時間を保存しました。')).toBeTruthy();
  });

  it("shows the server's refusal beside the form, and keeps what was typed", async () => {
    answer = (name, data) =>
      name === 'saveWeeklyHours'
        ? { error: { status: 'INVALID_ARGUMENT', message: '月曜日：9:00〜11:30 と 11:00〜13:00 が重なっています。' } }
        : okAll(name, data);
    await open();
    change('月曜日 2つ目の時間帯の開始時刻', '11:00');
    await submit('診療時間を保存');
    const form = screen.getByRole('form', { name: '曜日ごとの診療時間' });
    expect(within(form).getByRole('alert').textContent).toBe('月曜日：9:00〜11:30 と 11:00〜13:00 が重なっています。');
    expect(within(form).queryByText('曜日ごとの診療時間を保存しました。')).toBeNull();
    expect(input('月曜日 2つ目の時間帯の開始時刻').value).toBe('11:00');
    // Nothing was saved, so the month was not asked for again.
    expect(sent.filter((s) => s.name === 'getSchedule')).toHaveLength(1);
  });

  it('asks for a time left empty or not a time of day instead of sending it', async () => {
    await open();
    for (const typed of ['', '25:00', '9時']) {
      change('火曜日 1つ目の時間帯の開始時刻', typed);
      await submit('診療時間を保存');
      expect(screen.getByRole('alert').textContent).toBe(
        '時刻は「9:00」「16:30」のように24時間表記ですべて入力してください（不要な時間帯は削除してください）。',
      );
    }
    expect(saves()).toEqual([]);
  });

  it('reads times typed short or in full-width digits as 24-hour times', async () => {
    await open();
    change('火曜日 1つ目の時間帯の開始時刻', '９：３０');
    change('火曜日 1つ目の時間帯の終了時刻', '1230');
    change('火曜日 2つ目の時間帯の開始時刻', '4:30');
    await submit('診療時間を保存');
    const weekly = (saves()[0]!.data as { weekly: { start: string; end: string }[][] }).weekly;
    expect(weekly[2]).toEqual([{ start: '09:30', end: '12:30' }, { start: '04:30', end: '19:00' }]);
  });
});

describe('the settings', () => {
  it('saves the offsets, numbers per session and automatic in-house reception', async () => {
    await open();
    fireEvent.change(screen.getByRole('spinbutton', { name: /オンライン受付の開始/ }), { target: { value: '15' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: /受付番号の数/ }), { target: { value: '120' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /院内受付も診療時間に合わせて/ }));
    await submit('設定を保存');
    expect(saves()).toEqual([
      { name: 'saveScheduleSettings', data: { settings: { ...DEFAULT_SCHEDULE.settings, openAfterStartMinutes: 15, numbersPerSession: 120, autoInhouse: true } } },
    ]);
    expect(screen.getByText('受付の設定を保存しました。')).toBeTruthy();
  });

  it('saves online reception closing on time with its margin, and names the margin’s range', async () => {
    await open();
    fireEvent.click(screen.getByRole('checkbox', { name: /順番が回らない見込み/ }));
    fireEvent.change(screen.getByRole('spinbutton', { name: /終了の基準/ }), { target: { value: '121' } });
    await submit('設定を保存');
    expect(screen.getByRole('alert').textContent).toBe('「終了の基準（診療終了の何分前、0〜120）」は0〜120の数字で入力してください。');
    fireEvent.change(screen.getByRole('spinbutton', { name: /終了の基準/ }), { target: { value: '20' } });
    await submit('設定を保存');
    expect(saves().at(-1)).toMatchObject({ data: { settings: { closeOnlineWhenLate: true, lateMarginMinutes: 20 } } });
  });

  it('asks for a number rather than send an empty one, and names the range of one outside it', async () => {
    await open();
    fireEvent.change(screen.getByRole('spinbutton', { name: /受付番号の数/ }), { target: { value: '' } });
    await submit('設定を保存');
    expect(screen.getByRole('alert').textContent).toBe('数字を入力してください。');
    fireEvent.change(screen.getByRole('spinbutton', { name: /受付番号の数/ }), { target: { value: '1000' } });
    await submit('設定を保存');
    expect(screen.getByRole('alert').textContent).toBe('「院内受付の開始時に用意する受付番号の数（1〜999）」は1〜999の数字で入力してください。');
    expect(saves()).toEqual([]);
  });
});

describe('the month', () => {
  it('shows each day as the server applied it: hours, online windows, holidays, closed days', async () => {
    await open();
    const info = (label: string) => document.getElementById(screen.getByRole('button', { name: label }).getAttribute('aria-describedby')!)!.textContent;
    expect(info('11月24日(火)')).toBe('診療 9:00〜11:3016:30〜19:00オンライン 9:30〜11:0017:00〜18:30');
    expect(info('11月23日(月)')).toBe('勤労感謝の日休診');
    expect(info('11月29日(日)')).toBe('休診');
    expect(screen.getByRole('button', { name: '11月24日(火)' }).closest('td')!.getAttribute('aria-current')).toBe('date');
    expect(screen.getByRole('button', { name: '11月24日(火)' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('pages to the next and previous month', async () => {
    await open();
    await click('次の月');
    await screen.findByRole('heading', { name: '2026年12月' });
    expect(sent.map((s) => s.data)).toEqual([{ month: '2026-11' }, { month: '2026-12' }]);
    expect(screen.getByRole('button', { name: '12月1日(火)' }).getAttribute('aria-pressed')).toBe('true');
    await click('前の月');
    await click('前の月');
    await screen.findByRole('heading', { name: '2026年10月' });
    expect(sent.at(-1)!.data).toEqual({ month: '2026-10' });
  });
});

describe('a date that differs from the week', () => {
  it('closes a day with a note for patients', async () => {
    await open();
    await click('11月27日(金)');
    screen.getByRole('heading', { name: '11月27日(金)の診療' });
    fireEvent.click(screen.getByRole('radio', { name: '休診' }));
    change('患者さまへのお知らせ（任意、200文字まで）', '11/27は院長不在のため休診です');
    await submit('この日の設定を保存');
    expect(saves()).toEqual([{ name: 'saveScheduleOverride', data: { date: '2026-11-27', periods: [], note: '11/27は院長不在のため休診です' } }]);
    expect(screen.getByText('11月27日(金)の設定を保存しました。')).toBeTruthy();
  });

  it('keeps the morning only, without a note', async () => {
    await open();
    await click('11月28日(土)');
    fireEvent.click(screen.getByRole('radio', { name: '時間を変更（午前のみ・特別な時間）' }));
    expect(input('この日の 2つ目の時間帯の開始時刻').value).toBe('16:30');
    await click('午前のみにする');
    expect(screen.queryByLabelText('この日の 2つ目の時間帯の開始時刻')).toBeNull();
    await submit('この日の設定を保存');
    expect(saves()).toEqual([{ name: 'saveScheduleOverride', data: { date: '2026-11-28', periods: [{ start: '09:00', end: '11:30' }], note: null } }]);
  });

  it('lists the changes and takes one back', async () => {
    const override = { date: '2026-11-28', periods: [{ start: '09:00', end: '11:30' }], note: '11/28は午前のみの診療です' };
    answer = (name, data) => (name === 'getSchedule' ? { result: staffMonth('2026-11', [override]) } : okAll(name, data));
    await open();
    const list = screen.getByRole('region', { name: '日付ごとの変更' });
    expect(within(list).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['11/28(土)9:00〜11:3011/28は午前のみの診療です削除']);
    await act(async () => void fireEvent.click(within(list).getByRole('button', { name: '11/28(土)' })));
    expect((screen.getByRole('radio', { name: '時間を変更（午前のみ・特別な時間）' }) as HTMLInputElement).checked).toBe(true);
    await act(async () => void fireEvent.click(within(list).getByRole('button', { name: '11/28(土)の変更を削除' })));
    await act(async () => {});
    expect(saves()).toEqual([{ name: 'deleteScheduleOverride', data: { date: '2026-11-28' } }]);
  });
});

describe('holidays', () => {
  it('lists the month’s holidays by name, closed, and opens one', async () => {
    await open();
    const list = screen.getByRole('region', { name: '11月の祝日' });
    const boxes = within(list).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((b) => [b.labels![0]!.textContent, b.checked])).toEqual([
      ['文化の日（11/3(火)）は診療する', false],
      ['勤労感謝の日（11/23(月)）は診療する', false],
    ]);
    await act(async () => void fireEvent.click(boxes[1]!));
    await act(async () => {});
    expect(saves()).toEqual([{ name: 'setHolidayOpening', data: { date: '2026-11-23', open: true } }]);
    expect(within(list).getByText('勤労感謝の日（11/23(月)）を診療日にしました。')).toBeTruthy();
  });

  it('keeps the box as clicked while the month is asked for again after the save', async () => {
    await open();
    // From now on the fresh month never comes: the box must not fall back to the old copy meanwhile.
    answer = (name, data) => (name === 'getSchedule' ? new Promise<Answer>(() => {}) : okAll(name, data));
    const box = screen.getByRole('checkbox', { name: '文化の日（11/3(火)）は診療する' }) as HTMLInputElement;
    await act(async () => void fireEvent.click(box));
    await act(async () => {});
    expect(saves()).toEqual([{ name: 'setHolidayOpening', data: { date: '2026-11-03', open: true } }]);
    expect(box.checked).toBe(true);
  });
});

describe('a change from another desk', () => {
  it('asks for the month again when the calendar’s version moves, keeping a draft of an unrelated form', async () => {
    await open();
    const [stream] = streams;
    expect(stream!.url).toBe('/api/live/admin');
    // Typed, not saved, in the settings.
    fireEvent.change(screen.getByRole('spinbutton', { name: /受付番号の数/ }), { target: { value: '120' } });
    await act(async () => stream!.push({ scheduleVersion: 4 })); // the first version only says what the first ask answered
    expect(sent.filter((x) => x.name === 'getSchedule')).toHaveLength(1);

    // Another desk shortens Monday's morning.
    answer = (name, data) => {
      if (name !== 'getSchedule') return okAll(name, data);
      const changed = month(data);
      changed.schedule = { ...changed.schedule, weekly: changed.schedule.weekly.map((periods, weekday) => (weekday === 1 ? [{ start: '09:00', end: '11:00' }, periods[1]!] : periods)) };
      return { result: changed };
    };
    await act(async () => stream!.push({ scheduleVersion: 5 }));
    await act(async () => {});
    expect(sent.filter((x) => x.name === 'getSchedule')).toHaveLength(2);
    expect(input('月曜日 1つ目の時間帯の終了時刻').value).toBe('11:00');
    expect((screen.getByRole('spinbutton', { name: /受付番号の数/ }) as HTMLInputElement).value).toBe('120');
  });
});
