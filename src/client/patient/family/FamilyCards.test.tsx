// @vitest-environment happy-dom
/**
 * A family's numbers shown together on "my reservation" (issue 35, docs/decisions/053): one card per number
 * with its name, people ahead and state; a cancel per number behind a confirmation naming the number and the
 * name; the notice chooser on the first member only, with the one-notice line; one check-in for everyone.
 * With one number the card is the single card of before.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyReservation } from '../../../shared/schemas/functions.js';
import { applyLang } from '../../ui/language.js';
import { MyView, type MyViewProps } from '../MyView.js';
import { myViewProps } from '../test-support.js';

afterEach(async () => {
  cleanup();
  await applyLang('ja');
});

const at = '2025-09-21T00:35:00.000Z';
const member = (n: number, over: Partial<MyReservation> = {}): MyReservation => ({
  slotId: `s-${n}`,
  reservationNumber: n,
  reservedAt: at,
  ahead: n - 10,
  hold: false,
  absence: null,
  arrivedAt: null,
  familyId: 's-12',
  memberName: null,
  noticeThreshold: 5,
  noticeSentAt: null,
  ...over,
});
const family = [member(12, { memberName: 'たろう' }), member(13, { memberName: 'はなこ' }), member(14)];

function view(over: Partial<MyViewProps> = {}) {
  const props = myViewProps(family[0]!, {
    family,
    bookPath: '/pwa/book',
    onNoticeThreshold: async () => {},
    checkIn: { linkCode: null, onSubmit: async () => {}, onDismiss: () => {} },
    ...over,
  });
  return render(<MyView {...props} />);
}

const cards = () => screen.findAllByRole('region', { name: /(番|No\. \d+)$/ });

describe('a family’s numbers together', () => {
  it('says on its own card that a member was moved to another number by the desk (decision 067), as the single card does', async () => {
    view({ family: [member(12, { memberName: 'たろう' }), member(502, { memberName: 'はなこ', movedFrom: 13 })] });
    const shown = await cards();
    expect(within(shown[1]!).getByText('受付で番号を移しました（前の番号 13番）。この番号でお待ちください。')).toBeTruthy();
    expect(within(shown[0]!).queryByText(/番号を移しました/)).toBeNull();
    await applyLang('en');
    expect(await screen.findByText('The reception desk moved you to this number (before: 13). Please wait with this number.')).toBeTruthy();
  });

  it('shows every number in queue order with its name (or its place), people ahead and a cancel of its own', async () => {
    view();
    expect((await screen.findByRole('heading', { level: 2, name: 'ご家族の受付番号（3人分）' })).tagName).toBe('H2');
    const shown = await cards();
    expect(shown.map((c) => c.getAttribute('aria-labelledby') && c.querySelector('h3')!.textContent)).toEqual(['たろう', 'はなこ', '3人目']);
    expect(within(shown[0]!).getByText('12番')).toBeTruthy();
    expect(within(shown[1]!).getByText('あなたの前に 3人')).toBeTruthy();
    expect(within(shown[2]!).getByRole('button', { name: '14番をキャンセルする' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /番をキャンセルする$/ })).toHaveLength(3);
    // The single card's own cancel is not there: each number is cancelled on its own.
    expect(screen.queryByRole('button', { name: '予約をキャンセルする' })).toBeNull();
  });

  it('puts the notice chooser on the first member only, saying the notice goes once per family', async () => {
    view();
    const [first, second] = await cards();
    expect(within(first!).getByRole('combobox', { name: /お知らせを受け取るタイミング/ })).toBeTruthy();
    expect(first!.textContent).toContain('順番が近づいたお知らせは、ご家族でいちばん前の番号の設定で、1回だけお送りします。');
    expect(within(second!).queryByRole('combobox')).toBeNull();
    expect(screen.getAllByRole('combobox')).toHaveLength(1);
  });

  it('shows each member’s state as the single card does: held, absent and moved, checked in', async () => {
    view({
      family: [
        member(12, { memberName: 'たろう', arrivedAt: '2025-09-21T00:50:00.000Z' }),
        member(13, { hold: true, ahead: null }),
        member(15, { absence: { count: 1, at, places: 3 } }),
      ],
    });
    const [a, b, c] = await cards();
    expect(a!.textContent).toContain('来院済み（09:50）');
    expect(b!.textContent).toContain('呼出時不在（保留中）');
    expect(b!.textContent).not.toContain('あなたの前に');
    expect(c!.textContent).toContain('お呼びしましたがいらっしゃらなかったため、順番を3人後ろに移しました。');
  });

  it('cancels one number only after a confirmation naming the number and the name', async () => {
    const onCancel = vi.fn();
    view({ onCancel });
    await cards();
    fireEvent.click(screen.getByRole('button', { name: '13番をキャンセルする' }));
    const dialog = screen.getByRole('dialog', { name: '13番（はなこ）の予約をキャンセルしますか？ほかの番号はそのまま残ります。' });
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(document.activeElement?.textContent).toBe('キャンセルしない');
    fireEvent.click(within(dialog).getByRole('button', { name: 'キャンセルしない' }));
    expect(onCancel).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: '14番をキャンセルする' }));
    const unnamed = screen.getByRole('dialog', { name: '14番の予約をキャンセルしますか？ほかの番号はそのまま残ります。' });
    fireEvent.click(within(unnamed).getByRole('button', { name: 'キャンセルする' }));
    expect(onCancel).toHaveBeenCalledExactlyOnceWith(family[2]);
  });

  it('hides the cancelled number at once, and brings it back when the cancel is refused', async () => {
    const props = myViewProps(family[0]!, { family, bookPath: '/pwa/book' });
    const { rerender } = render(<MyView {...props} />);
    await cards();
    fireEvent.click(screen.getByRole('button', { name: '13番をキャンセルする' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'キャンセルする' }));
    expect((await cards()).map((c) => c.querySelector('.my-number')!.textContent)).toEqual(['12番', '14番']);
    // The focus, on the button that went, moves to the family's heading.
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'ご家族の受付番号（2人分）' }));
    rerender(<MyView {...props} cancelError="キャンセルに失敗しました。" />);
    expect((await cards()).map((c) => c.querySelector('.my-number')!.textContent)).toEqual(['12番', '13番', '14番']);
  });

  it('disables every cancel while one runs and shows a refusal', async () => {
    view({ canceling: true, cancelError: '予約が見つかりません。' });
    await cards();
    expect(screen.getAllByRole('button', { name: /番をキャンセルする$/ }).every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('予約が見つかりません。');
  });

  it('checks in everyone not yet in with one code, in queue order', async () => {
    const onSubmit = vi.fn(async (_code: string, _slotId?: string) => {});
    view({
      family: [member(12), member(13, { arrivedAt: '2025-09-21T00:50:00.000Z' }), member(14)],
      checkIn: { linkCode: '4821', onSubmit, onDismiss: () => {} },
    });
    await cards();
    expect(screen.getByText('来院確認は、ご家族全員の番号にまとめて記録します。')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: '来院を確認する' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls).toEqual([
      ['4821', 's-12'],
      ['4821', 's-14'],
    ]);
  });

  it('says once that everyone has checked in, with no check-in left to offer', async () => {
    view({ family: family.map((m, i) => ({ ...m, arrivedAt: `2025-09-21T00:5${i}:00.000Z` })) });
    await cards();
    expect(screen.getAllByText(/^来院済み/).map((p) => p.textContent)).toEqual(['来院済み（09:52）']);
    expect(screen.queryByRole('button', { name: '来院しました' })).toBeNull();
  });

  it('is the single card of before with one number', () => {
    view({ family: [family[0]!] });
    expect(screen.getByRole('region', { name: 'あなたの受付番号' }).textContent).toContain('12番');
    expect(screen.getByRole('button', { name: '予約をキャンセルする' })).toBeTruthy();
    expect(screen.queryByText(/ご家族/)).toBeNull();
  });

  it('speaks English when the patient reads English', async () => {
    await applyLang('en');
    view();
    expect(await screen.findByRole('heading', { level: 2, name: "Your family's numbers (3 people)" })).toBeTruthy();
    const [, , third] = await cards();
    expect(third!.querySelector('h3')!.textContent).toBe('Person 3');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel No. 12' }));
    expect(screen.getByRole('dialog', { name: 'Cancel No. 12 (たろう)? The other numbers stay.' })).toBeTruthy();
  });
});
