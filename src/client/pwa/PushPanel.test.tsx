// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PushPrompt, PushStatus } from './PushPanel.js';

afterEach(cleanup);

describe('notification prompt', () => {
  it('asks to allow notifications from a button', () => {
    const onEnable = vi.fn();
    render(<PushPrompt view={{ kind: 'prompt', reason: null }} busy={false} onEnable={onEnable} />);
    expect(screen.getByRole('region').textContent).toContain('受付番号のお知らせを受け取るため、通知を許可してください。');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '通知を許可する' }));
    expect(onEnable).toHaveBeenCalledOnce();
  });

  it('keeps the reason of the last failure on screen, with the button to try again', () => {
    render(<PushPrompt view={{ kind: 'prompt', reason: 'AbortError: push service error' }} busy={false} onEnable={() => {}} />);
    expect(screen.getByRole('alert').textContent).toBe('通知を設定できませんでした（AbortError: push service error）');
    expect(screen.getByRole('button', { name: '通知を許可する' })).toBeTruthy();
  });

  it('is busy while asking', () => {
    render(<PushPrompt view={{ kind: 'prompt', reason: null }} busy onEnable={() => {}} />);
    const button = screen.getByRole('button', { name: '設定中…' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });

  it('explains where to allow notifications once the phone blocks them (asking again cannot help)', () => {
    render(<PushPrompt view={{ kind: 'denied' }} busy={false} onEnable={() => {}} />);
    expect(screen.getByRole('region').textContent).toContain('端末の設定');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it.each(['checking', 'subscribed', 'notConfigured', 'unsupported'] as const)('shows nothing while %s', (kind) => {
    const { container } = render(<PushPrompt view={{ kind }} busy={false} onEnable={() => {}} />);
    expect(container.textContent).toBe('');
  });
});

describe('notification status', () => {
  it('offers a test notification once subscribed, and says when it was sent', () => {
    const onTest = vi.fn();
    const { rerender } = render(<PushStatus view={{ kind: 'subscribed' }} test="idle" onTest={onTest} />);
    expect(screen.getByText('受付番号のお知らせ（通知）は有効です。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'テスト通知を送る' }));
    expect(onTest).toHaveBeenCalledOnce();
    rerender(<PushStatus view={{ kind: 'subscribed' }} test="sent" onTest={onTest} />);
    expect(screen.getByRole('status').textContent).toContain('テスト通知を送信しました');
  });

  it('says quietly when the clinic has not set notifications up', () => {
    render(<PushStatus view={{ kind: 'notConfigured' }} test="idle" onTest={() => {}} />);
    expect(screen.getByText(/この医院では通知をお送りしていません/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
