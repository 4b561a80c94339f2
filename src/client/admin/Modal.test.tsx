// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type Dialogs, DialogProvider, useDialogs } from './Modal.js';

let dialogs: Dialogs;
function Grab() {
  dialogs = useDialogs();
  return <button type="button">before</button>;
}

function setup() {
  render(
    <DialogProvider>
      <Grab />
    </DialogProvider>,
  );
}

afterEach(cleanup);

describe('staff dialogs', () => {
  it('asks, focuses OK, and answers true for OK', async () => {
    setup();
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = dialogs.confirm('院内受付を停止しますか？');
    });
    const dialog = screen.getByRole('dialog', { name: '確認' });
    expect(dialog.textContent).toContain('院内受付を停止しますか？');
    expect(document.activeElement?.textContent).toBe('OK');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('answers false for Cancel and for the dialog’s own cancel (Escape)', async () => {
    setup();
    let first: Promise<boolean> = Promise.resolve(true);
    let second: Promise<boolean> = Promise.resolve(true);
    act(() => {
      first = dialogs.confirm('一つ目');
      second = dialogs.confirm('二つ目');
    });
    // Queued: one dialog at a time.
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'キャンセル' }));
    await expect(first).resolves.toBe(false);
    expect(screen.getByRole('dialog').textContent).toContain('二つ目');
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    await expect(second).resolves.toBe(false);
  });

  it('shows a refusal as an alert dialog with the server’s message', async () => {
    setup();
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = dialogs.alert('院内受付が停止中です。先に院内受付を開始してください。');
    });
    const alert = screen.getByRole('alertdialog', { name: '操作できませんでした' });
    expect(alert.textContent).toContain('院内受付が停止中です');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await done;
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
