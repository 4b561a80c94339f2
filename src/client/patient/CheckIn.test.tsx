// @vitest-environment happy-dom
/**
 * Arrival check-in on the card (issue 34): the button until the patient has arrived, the form (its own
 * chunk) with a numeric field, the code sent only on the patient's tap, a refusal shown without changing
 * anything, and 来院済み with the time once checked in; a link's code fills the form in and waits.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { patientJa } from '../../shared/labels/patient-ja.js';
import { applyLang } from '../ui/language.js';
import type { MyReservation } from '../../shared/schemas/functions.js';
import { FnError } from '../api/fn.js';
import { normalizeCode } from './CheckinForm.js';
import { MyView } from './MyView.js';
import { myViewProps } from './test-support.js';

afterEach(async () => {
  cleanup();
  await applyLang('ja');
});

const reservation: MyReservation = {
  slotId: 's-12',
  reservationNumber: 12,
  reservedAt: '2025-09-21T00:35:00.000Z',
  ahead: 3,
  hold: false,
  absence: null,
  arrivedAt: null,
};

function view(overrides: { reservation?: MyReservation; linkCode?: string | null; onSubmit?: (code: string) => Promise<void>; onDismiss?: () => void } = {}) {
  const props = myViewProps(overrides.reservation ?? reservation, {
    checkIn: {
      linkCode: overrides.linkCode ?? null,
      onSubmit: overrides.onSubmit ?? (async () => {}),
      onDismiss: overrides.onDismiss ?? (() => {}),
    },
  });
  return { props, ...render(<MyView {...props} />) };
}

const codeField = () => screen.findByRole('textbox', { name: /来院確認コード|check-in code/ }) as Promise<HTMLInputElement>;

describe('arrival check-in', () => {
  it('offers 「来院しました」, which opens a numeric field focused for typing', async () => {
    view();
    fireEvent.click(screen.getByRole('button', { name: '来院しました' }));
    const field = await codeField();
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(field.getAttribute('autocomplete')).toBe('off');
    expect(document.activeElement).toBe(field);
    expect(screen.queryByRole('button', { name: '来院しました' })).toBeNull();
    // Nothing to send yet.
    expect((screen.getByRole('button', { name: '来院を確認する' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends the typed code on the tap, full-width digits as ASCII, and shows 来院済み with the Tokyo time', async () => {
    const sent: string[] = [];
    const { props, rerender } = view({ onSubmit: async (code) => void sent.push(code) });
    fireEvent.click(screen.getByRole('button', { name: '来院しました' }));
    fireEvent.change(await codeField(), { target: { value: '１２３４' } });
    fireEvent.click(screen.getByRole('button', { name: '来院を確認する' }));
    await waitFor(() => expect(sent).toEqual(['1234']));
    // The screen answers with the card the server now holds.
    rerender(<MyView {...props} reservation={{ ...reservation, arrivedAt: '2025-09-21T00:12:00.000Z' }} />);
    const arrived = screen.getByRole('status');
    expect(arrived.textContent).toBe('来院済み（09:12）');
    expect(document.activeElement).toBe(arrived);
    expect(screen.queryByRole('button', { name: '来院しました' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('shows a wrong or stale code’s refusal, keeps the form and the code, and may be tried again', async () => {
    const onSubmit = vi.fn(async () => {
      throw new FnError('FAILED_PRECONDITION', 'server text');
    });
    view({ onSubmit });
    fireEvent.click(screen.getByRole('button', { name: '来院しました' }));
    const field = await codeField();
    fireEvent.change(field, { target: { value: '0000' } });
    fireEvent.click(screen.getByRole('button', { name: '来院を確認する' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(patientJa['error.checkinCodeWrong']);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(alert.id);
    expect(field.value).toBe('0000');
    expect(screen.queryByText(/来院済み/)).toBeNull();
    await waitFor(() => expect((screen.getByRole('button', { name: '来院を確認する' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: '来院を確認する' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
  });

  it('closes back to the button', async () => {
    const onDismiss = vi.fn();
    view({ onDismiss });
    fireEvent.click(screen.getByRole('button', { name: '来院しました' }));
    await codeField();
    fireEvent.click(screen.getByRole('button', { name: '閉じる' }));
    expect(onDismiss).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: '来院しました' })).toBeTruthy();
  });

  it('opens with a link’s code filled in and waits for the patient’s tap', async () => {
    const onSubmit = vi.fn(async () => {});
    view({ linkCode: '482913', onSubmit });
    const field = await codeField();
    expect(field.value).toBe('482913');
    expect(screen.getByText('来院確認コードを読み取りました。よろしければ「来院を確認する」を押してください。')).toBeTruthy();
    // No keyboard popping up on arrival, and nothing sent on load.
    expect(document.activeElement).not.toBe(field);
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '来院を確認する' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('482913'));
  });

  it('shows no check-in for a patient who has arrived, and speaks English on the English screens', async () => {
    view({ reservation: { ...reservation, arrivedAt: '2025-09-21T00:05:00.000Z' } });
    expect(screen.getByRole('status').textContent).toBe('来院済み（09:05）');
    expect(screen.queryByRole('button', { name: '来院しました' })).toBeNull();
    cleanup();
    await applyLang('en');
    view();
    fireEvent.click(screen.getByRole('button', { name: 'I have arrived' }));
    await codeField();
    expect(screen.getByRole('button', { name: 'Confirm arrival' })).toBeTruthy();
  });
});

describe('normalizeCode', () => {
  it('turns full-width digits into ASCII and drops spaces and hyphens, leaving the rest to the server', () => {
    expect(normalizeCode(' ４８２ ９１３ ')).toBe('482913');
    expect(normalizeCode('482-913')).toBe('482913');
    expect(normalizeCode('12a4')).toBe('12a4');
  });
});
