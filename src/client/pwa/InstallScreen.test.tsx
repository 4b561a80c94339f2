// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { captureInstallPrompt } from './install-prompt.js';
import { InstallScreen } from './InstallScreen.js';

afterEach(cleanup);
beforeAll(() => captureInstallPrompt(window));

/** What Chromium dispatches when the app becomes installable (its prompt() is the browser's dialog). */
function dispatchInstallPrompt(outcome: 'accepted' | 'dismissed') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

const steps = () => screen.getAllByRole('listitem').map((li) => li.textContent?.trim());

describe('install page', () => {
  it('on Android keeps the browser’s prompt and shows it from the button, with the menu steps below', async () => {
    render(<InstallScreen platform="android" officialAccountUrl={null} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('アプリをホーム画面に追加してください');
    expect(screen.queryByRole('button', { name: 'ホーム画面に追加' })).toBeNull();
    expect(steps()).toEqual([
      'ブラウザ右上のメニュー（⋮）をタップ',
      '「アプリをインストール」または「ホーム画面に追加」を選択',
      '「インストール」または「追加」をタップ',
    ]);

    const event = dispatchInstallPrompt('accepted');
    expect(event.defaultPrevented).toBe(true); // no mini-infobar: our button asks instead
    const button = screen.getByRole('button', { name: 'ホーム画面に追加' });
    expect(event.prompt).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(button);
    });
    expect(event.prompt).toHaveBeenCalledOnce();
    expect(screen.getByRole('status').textContent).toContain('ホーム画面のアイコンからアプリを開いてください');
    // prompt() works once: the spent event is not offered again.
    expect(screen.queryByRole('button', { name: 'ホーム画面に追加' })).toBeNull();
  });

  it('on Android says so when the patient dismissed the dialog', async () => {
    render(<InstallScreen platform="android" officialAccountUrl={null} />);
    dispatchInstallPrompt('dismissed');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'ホーム画面に追加' }));
    });
    expect(screen.getByRole('status').textContent).toContain('インストールは取り消されました');
  });

  it('on iPhone shows the Add-to-Home-Screen steps with the share symbol', () => {
    render(<InstallScreen platform="ios" officialAccountUrl="https://lin.ee/abc" />);
    expect(steps()).toEqual(['画面下の共有ボタン（□↑）をタップ', '「ホーム画面に追加」を選択', '右上の「追加」をタップ']);
    expect(document.querySelector('[data-icon="ios-share"]')).not.toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('elsewhere says installing is not supported and links to the clinic’s LINE account', () => {
    render(<InstallScreen platform="unsupported" officialAccountUrl="https://lin.ee/abc" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('LINEアプリからご利用ください');
    expect(screen.getByText(/インストールに対応していません/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'LINE公式アカウントを開く' }).getAttribute('href')).toBe('https://lin.ee/abc');
  });

  it('leaves the link out while no LINE account is configured', () => {
    render(<InstallScreen platform="unsupported" officialAccountUrl={null} />);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
