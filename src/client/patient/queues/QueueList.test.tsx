// @vitest-environment happy-dom
/** The full list of a clinic with several queues (decision 061): a section per queue with its own figures. */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLang } from '../../ui/language.js';
import { FullList } from '../FullList.js';
import { ListView } from '../ListView.js';
import { Queues } from './lazy.js';
import { QueueList } from './list-lazy.js';
import { NOW, threeQueueSnapshot } from './test-fixtures.js';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const rows = (section: HTMLElement) =>
  within(section)
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));

describe('the full list in a clinic with several queues', () => {
  it('shows each queue under its name with its waiting count, now calling and rows; the own row marked in its queue', async () => {
    render(<ListView schedule={{ kind: 'loading' }} snapshot={threeQueueSnapshot} ownNumber={504} liveStatus="live" Queues={Queues} />);
    const vaccine = await screen.findByRole('region', { name: '予防接種' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['一般', '予防接種', '発熱外来']);
    expect(vaccine.textContent).toContain('あなたの前に 1人 ／ 待ち人数 2人');
    expect(vaccine.textContent).toContain('ただいま 502番の方を診察中');
    expect(rows(vaccine)).toEqual([
      ['503', '0人'],
      ['504 あなた', '1人'],
    ]);
    const general = screen.getByRole('region', { name: '一般' });
    expect(general.textContent).toContain('待ち人数 3人');
    expect(general.textContent).toContain('ただいま 4番の方を診察中');
    expect(rows(general).map((r) => r[0])).toEqual(['5', '6', '7']);
    expect(rows(screen.getByRole('region', { name: '発熱外来' }))).toEqual([['801', '0人']]);
    // The one queue's header and table give way to the sections.
    expect(document.querySelectorAll('.queue-table')).toHaveLength(3);
  });

  it('has the same sections on the public page, from its own chunk', async () => {
    render(<FullList schedule={{ kind: 'loading' }} snapshot={threeQueueSnapshot} ownNumber={null} liveStatus="live" Queues={QueueList} />);
    const fever = await screen.findByRole('region', { name: '発熱外来' });
    expect(fever.textContent).toContain('待ち人数 1人');
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(3);
  });

  it('links each section of the public page to booking on that queue, a desk-only queue not at all', async () => {
    const Sections = (props: Parameters<typeof QueueList>[0]) => (
      <QueueList {...props} bookIn={{ liffId: '1650000000-AbCd', liffIds: { book: null, all: null, my: null } }} />
    );
    render(<FullList schedule={{ kind: 'loading' }} snapshot={threeQueueSnapshot} ownNumber={null} liveStatus="live" Queues={Sections} />);
    const vaccine = await screen.findByRole('region', { name: '予防接種' });
    expect(within(vaccine).getByRole('link', { name: '予防接種を予約（LINE）' }).getAttribute('href')).toBe('https://liff.line.me/1650000000-AbCd/book?queue=vaccine');
    expect(within(screen.getByRole('region', { name: '一般' })).getByRole('link').getAttribute('href')).toBe('https://liff.line.me/1650000000-AbCd/book?queue=main');
    expect(within(screen.getByRole('region', { name: '発熱外来' })).queryByRole('link')).toBeNull();
    cleanup();
    // No LIFF app to book in: no link; and none in the patient channels' lists, which pass none.
    render(<FullList schedule={{ kind: 'loading' }} snapshot={threeQueueSnapshot} ownNumber={null} liveStatus="live" Queues={(props) => <QueueList {...props} bookIn={{ liffId: null, liffIds: { book: null, all: null, my: null } }} />} />);
    await screen.findByRole('region', { name: '予防接種' });
    expect(screen.queryAllByRole('link')).toEqual([]);
    cleanup();
    render(<ListView schedule={{ kind: 'loading' }} snapshot={threeQueueSnapshot} ownNumber={null} liveStatus="live" Queues={Queues} />);
    await screen.findByRole('region', { name: '予防接種' });
    expect(screen.queryAllByRole('link')).toEqual([]);
  });

  it('is the one-queue list when the snapshot has no queues', () => {
    const single = { ...threeQueueSnapshot, queues: undefined };
    render(<ListView schedule={{ kind: 'loading' }} snapshot={single} ownNumber={null} liveStatus="live" Queues={Queues} />);
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
    expect(document.querySelectorAll('.queue-table')).toHaveLength(1);
    expect(document.querySelector('.all-header')!.textContent).toBe('待ち人数 6人');
  });

  it('reads in English', async () => {
    await applyLang('en');
    try {
      render(<ListView schedule={{ kind: 'loading' }} snapshot={threeQueueSnapshot} ownNumber={null} liveStatus="live" Queues={Queues} />);
      const vaccine = await screen.findByRole('region', { name: 'Vaccination' });
      expect(vaccine.textContent).toContain('2 waiting');
      expect(vaccine.textContent).toContain('Now seeing No. 502');
    } finally {
      await applyLang('ja');
    }
  });
});
