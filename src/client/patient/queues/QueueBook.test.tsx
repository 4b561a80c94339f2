// @vitest-environment happy-dom
/** The book screen of a clinic with several queues (decision 061): the choice of 受付の種類 before the take. */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLang } from '../../ui/language.js';
import { BookView, type FamilyTake } from '../BookView.js';
import { bookViewProps } from '../test-support.js';
import { NOW, threeQueues } from './test-fixtures.js';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

const takeButton = () => screen.getByRole('button', { name: '受付番号を取得する' }) as HTMLButtonElement;
const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

async function renderBook(over: Parameters<typeof bookViewProps>[0] = {}) {
  const members: FamilyTake = {};
  const onTake = vi.fn(() => members.queue);
  // The clinic's choice given, as getQueues would say it (the e2e test asks the real server).
  render(<BookView {...bookViewProps({ queues: threeQueues, members, onTake, anyQueue: false, ...over })} />);
  await screen.findByRole('group', { name: '受付の種類' });
  return { members, onTake };
}

describe('book screen with several queues', () => {
  it('offers each queue with its name, description, people waiting and wait range; the desk-only one is shown, not offered', async () => {
    await renderBook();
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['main', 'vaccine', 'fever']);
    const vaccine = radio('予防接種');
    expect(vaccine.disabled).toBe(false);
    const vaccineText = document.getElementById(vaccine.getAttribute('aria-describedby')!)!.textContent;
    expect(vaccineText).toContain('インフルエンザ・コロナの予防接種');
    expect(vaccineText).toContain('待ち人数 2人');
    // 2 ahead at 10 min plus half of the one under way: the same rule as every other screen's range.
    expect(vaccineText).toMatch(/約\d+〜\d+分/);
    const fever = radio('発熱外来');
    expect(fever.disabled).toBe(true);
    expect(document.getElementById(fever.getAttribute('aria-describedby')!)!.textContent).toContain('この受付は窓口で受け付けます');
    // The clinic's one total gives way to each queue's own figures.
    expect(screen.queryByRole('region', { name: '現在の待ち人数' })).toBeNull();
  });

  it('takes a number only once a queue is chosen, and sends the chosen one', async () => {
    const { onTake } = await renderBook();
    expect(takeButton().disabled).toBe(true);
    expect(document.body.textContent).toContain('受付の種類を選ぶと、受付番号をお取りできます。');
    fireEvent.click(radio('予防接種'));
    expect(takeButton().disabled).toBe(false);
    fireEvent.click(takeButton());
    expect(onTake).toHaveReturnedWith('vaccine');
  });

  it('says why a queue outside its own hours cannot be chosen, and preselects the only one open', async () => {
    await renderBook({ queues: threeQueues.map((q) => (q.id === 'vaccine' ? { ...q, open: false } : q)) });
    const vaccine = radio('予防接種');
    expect(vaccine.disabled).toBe(true);
    expect(document.getElementById(vaccine.getAttribute('aria-describedby')!)!.textContent).toContain('この受付はただいま受付時間外です。');
    expect(radio('一般').checked).toBe(true);
    expect(takeButton().disabled).toBe(false);
  });

  it('opens on the queue a link names, also inside liff.state, and keeps it for the tab', async () => {
    window.history.replaceState(null, '', '/pwa/book?queue=vaccine');
    const { members } = await renderBook();
    expect(radio('予防接種').checked).toBe(true);
    expect(members.queue).toBe('vaccine');
    cleanup();
    // LINE's web sign-in comes back without the query.
    window.history.replaceState(null, '', '/line/book');
    await renderBook();
    expect(radio('予防接種').checked).toBe(true);
    cleanup();
    sessionStorage.clear();
    window.history.replaceState(null, '', '/line?liff.state=%2Fbook%3Fqueue%3Dmain');
    await renderBook();
    expect(radio('一般').checked).toBe(true);
  });

  it('does not preselect a desk-only queue a link names', async () => {
    window.history.replaceState(null, '', '/pwa/book?queue=fever');
    const { members } = await renderBook();
    expect(screen.getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false);
    expect(members.queue).toBeUndefined();
  });

  it('offers 「どちらの医師でも」 only when the clinic does, and sends any', async () => {
    await renderBook();
    expect(screen.queryByRole('radio', { name: /どちらの医師でも/ })).toBeNull();
    cleanup();
    const { onTake } = await renderBook({ anyQueue: true });
    fireEvent.click(screen.getByRole('radio', { name: /どちらの医師でも/ }));
    fireEvent.click(takeButton());
    expect(onTake).toHaveReturnedWith('any');
  });

  it('keeps the closed card and the already-reserved notice as the one-queue screen has them', async () => {
    render(<BookView {...bookViewProps({ queues: threeQueues, closed: true, anyQueue: false })} />);
    expect(screen.getByRole('heading', { name: 'ただいまオンライン受付時間外です' })).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
    cleanup();
    await renderBook({ reserved: true });
    expect(screen.getByRole('link', { name: '予約状況を確認する' })).toBeTruthy();
    expect(takeButton().disabled).toBe(true);
  });

  it('reads in English', async () => {
    await applyLang('en');
    try {
      render(<BookView {...bookViewProps({ queues: threeQueues, anyQueue: false })} />);
      const group = await screen.findByRole('group', { name: 'Service' });
      const names = within(group)
        .getAllByRole('radio')
        .map((r) => document.getElementById(r.getAttribute('aria-labelledby')!)!.textContent);
      expect(names).toEqual(['General', 'Vaccination', 'Fever clinic']);
      expect(group.textContent).toContain('This service is at the reception desk only (not online).');
      expect(group.textContent).toContain('Flu and COVID shots');
      expect(group.textContent).toContain('2 waiting');
    } finally {
      await applyLang('ja');
    }
  });
});
