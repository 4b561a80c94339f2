// @vitest-environment happy-dom
/**
 * /admin/arrival against a stubbed network (fetch answers as the server's functions would); our own
 * modules are real. The settings as saved and sent, the sheet to print, and the renewal asked first.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ArrivalSetup } from '../../../shared/schemas/functions.js';
import { DialogProvider } from '../Modal.js';
import { type Answer, type Sent, stubFunctions } from '../test-support.js';
import ArrivalScreen from './ArrivalScreen.js';

let sent: Sent;
let answer: (name: string, data: unknown) => Answer;
let setup: ArrivalSetup;

const LINK = 'https://liff.line.me/1234567890-AbCdEfGh/my?checkin=482913';

beforeEach(() => {
  setup = {
    settings: { absencePlaces: 3, absenceHoldAfter: 2, absentFirstUnarrived: false },
    deskCode: '482913',
    deskLink: LINK,
    monitorKey: 'k'.repeat(64),
  };
  answer = (name) => ({ result: name === 'getArrivalSetup' ? setup : name === 'getTicketSettings' ? { paper: '80', note: '', printer: '' } : { ok: true } });
  sent = stubFunctions((name, data) => answer(name, data));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function open() {
  render(
    <DialogProvider>
      <ArrivalScreen />
    </DialogProvider>,
  );
  await screen.findByRole('heading', { name: '呼出時に不在だったとき' });
}
const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const click = (name: string) => act(async () => void fireEvent.click(screen.getByRole('button', { name })));
// The page's two reads: its own setup, and the printed ticket's settings (its section, decision 068).
const writes = () => sent.filter((s) => s.name !== 'getArrivalSetup' && s.name !== 'getTicketSettings');

describe('the absence settings', () => {
  it('shows the saved settings and offers 1 to 20 places or the end, and 1 to 10 absences', async () => {
    await open();
    expect(select('順番を後ろに移す人数').value).toBe('3');
    expect(select('保留にする不在の回数').value).toBe('2');
    const places = [...select('順番を後ろに移す人数').options].map((o) => o.textContent);
    expect(places).toHaveLength(21);
    expect(places[0]).toBe('1人後ろへ');
    expect(places.at(-2)).toBe('20人後ろへ');
    expect(places.at(-1)).toBe('最後尾へ');
    expect([...select('保留にする不在の回数').options].map((o) => o.value)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
  });

  it('saves what was chosen, 「最後尾へ」 as 0, and says so', async () => {
    await open();
    fireEvent.change(select('順番を後ろに移す人数'), { target: { value: '0' } });
    fireEvent.change(select('保留にする不在の回数'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('checkbox'));
    setup = { ...setup, settings: { absencePlaces: 0, absenceHoldAfter: 3, absentFirstUnarrived: true } };
    await click('設定を保存');
    expect(writes()).toEqual([{ name: 'saveArrivalSettings', data: { absencePlaces: 0, absenceHoldAfter: 3, absentFirstUnarrived: true } }]);
    expect(screen.getByText('来院確認・不在の設定を保存しました。')).toBeTruthy();
    expect(select('順番を後ろに移す人数').value).toBe('0');
  });

  it('shows a refusal beside the form, and the form keeps what was chosen', async () => {
    answer = (name) =>
      name === 'saveArrivalSettings' ? { error: { status: 'INVALID_ARGUMENT', message: '設定の値が正しくありません。' } } : { result: setup };
    await open();
    fireEvent.change(select('順番を後ろに移す人数'), { target: { value: '5' } });
    await click('設定を保存');
    expect(screen.getByRole('alert').textContent).toBe('設定の値が正しくありません。');
    expect(select('順番を後ろに移す人数').value).toBe('5');
  });
});

describe('the sheet to print', () => {
  it('has the QR code and the desk code in large text, with the instructions', async () => {
    await open();
    const sheet = screen.getByRole('article', { name: '来院確認' });
    const qr = within(sheet).getByRole('img', { name: '来院確認のQRコード' });
    expect(qr.querySelector('path')!.getAttribute('d')!.length).toBeGreaterThan(100);
    expect(within(sheet).getByText('482913').className).toBe('checkin-sheet-code');
    expect(within(sheet).getByText('LINEをお使いの方：このQRコードを読み取ってください。')).toBeTruthy();
    expect(within(sheet).getByText(`QRコードの読み取り先：${LINK}`)).toBeTruthy();
  });

  it('prints with the browser’s own dialog', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    await open();
    await click('印刷する');
    expect(print).toHaveBeenCalledOnce();
  });
});

describe('renewing the codes', () => {
  it('asks first, saying the printed sheet must be reprinted and the monitor needs nothing; Cancel changes nothing', async () => {
    await open();
    await click('QRコードと番号を新しくする');
    const dialog = screen.getByRole('dialog', { name: '確認' });
    expect(dialog.textContent).toContain('印刷し直してください');
    expect(dialog.textContent).toContain('待合室モニターは開き直さなくても');
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: 'キャンセル' })));
    expect(writes()).toEqual([]);
  });

  it('renews on OK and shows the new code', async () => {
    await open();
    await click('QRコードと番号を新しくする');
    setup = { ...setup, deskCode: '107735', deskLink: LINK.replace('482913', '107735') };
    await act(async () => void fireEvent.click(within(screen.getByRole('dialog', { name: '確認' })).getByRole('button', { name: 'OK' })));
    await screen.findByText('107735');
    expect(writes()).toEqual([{ name: 'renewCheckinCodes', data: {} }]);
    expect(screen.queryByText('482913')).toBeNull();
    expect(screen.getByText('QRコードと番号を新しくしました。印刷し直して掲示してください。')).toBeTruthy();
  });

  it('renews the monitor’s key alone, asked first: the printed code stays', async () => {
    await open();
    await click('モニターの鍵を新しくする');
    const dialog = screen.getByRole('dialog', { name: '確認' });
    expect(dialog.textContent).toContain('モニターを開き直してください');
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: 'OK' })));
    await screen.findByText('モニターの鍵を新しくしました。待合室モニターを開き直してください。');
    expect(writes()).toEqual([{ name: 'renewMonitorKey', data: {} }]);
    expect(screen.getByText('482913')).toBeTruthy();
  });
});
