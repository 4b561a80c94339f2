/**
 * The group page's tests play the server at its HTTP edge, as the staff screens' do (admin/test-support.ts):
 * fetch is stubbed to answer each `METHOD /path` as the server would, and every request is recorded.
 */
import { vi } from 'vitest';
import type { GroupClinicGlance, GroupOverview } from '../../shared/schemas/group.js';
import type { StatsFigures } from '../../shared/schemas/stats.js';

export type Reply = { result: unknown } | { error: { status: string; message: string } };
export type Asked = { method: string; path: string; body: unknown }[];

/** Stubs fetch: `answer('GET /api/group/me', body)` gives the reply; returns the record of requests. */
export function stubServer(answer: (call: string, body: unknown) => Reply): Asked {
  const asked: Asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
      asked.push({ method, path, body });
      const reply = answer(`${method} ${path.split('?')[0]}`, body);
      return new Response(JSON.stringify(reply), { status: 'error' in reply ? 400 : 200 });
    }),
  );
  return asked;
}

/** A period's figures with the few the group page shows set from `over`; the rest zero. */
export function figures(over: Partial<StatsFigures> = {}): StatsFigures {
  const zeros = (n: number) => Array.from({ length: n }, () => 0);
  return {
    from: '2026-12-02', to: '2026-12-02', taken: { LINE: 0, PWA: 0, ADMIN: 0 }, canceledByPatient: 0, canceledByStaff: 0,
    holds: 0, noShows: 0, started: 0, absences: 0, checkIns: { patient: 0, staff: 0 },
    wait: { count: 0, medianSeconds: null, p90Seconds: null }, quarterHours: { arrivals: zeros(96), starts: zeros(96) },
    weekdays: zeros(7), hours: zeros(24), notices: { LINE: { sent: 0, failed: 0 }, PWA: { sent: 0, failed: 0 }, SMS: { sent: 0, failed: 0 } },
    tickets: { printed: 0, opened: 0 }, ...over,
  };
}

/** Two open clinics (あおば: two queues, reception open; さくら: one queue, closed) and a disabled one. */
export function threeClinics(): GroupClinicGlance[] {
  return [
    {
      id: 'clinic-a', name: 'あおば医院', host: 'a.example.jp', state: 'open', receptionOpen: true,
      queues: [
        { id: 'main', name: { ja: '一般', en: 'General' }, waiting: 7, calling: '12' },
        { id: 'fever', name: { ja: '発熱外来', en: 'Fever' }, waiting: 0, calling: null },
      ],
      stats: figures({ taken: { LINE: 10, PWA: 5, ADMIN: 3 }, started: 15, canceledByPatient: 2, canceledByStaff: 1, noShows: 1,
        wait: { count: 15, medianSeconds: 1230, p90Seconds: 2700 }, estimate: { measured: 40, inside: 33, early: 2, insidePercent: 82.5, earlyPercent: 5, medianErrorMinutes: 4, notStarted: 1, pending: 0 } }),
    },
    {
      id: 'clinic-b', name: 'さくら医院', host: 'b.example.jp', state: 'open', receptionOpen: false,
      queues: [{ id: 'main', name: { ja: '一般', en: 'General' }, waiting: 2, calling: 'A3' }],
      stats: figures({ taken: { LINE: 1, PWA: 0, ADMIN: 4 }, started: 4 }),
    },
    { id: 'clinic-c', name: 'みどり医院', host: 'c.example.jp', state: 'disabled', receptionOpen: false, queues: [], stats: null },
  ];
}

export function overview(clinics = threeClinics(), over: Partial<GroupOverview> = {}): GroupOverview {
  return { username: 'hojin', period: 'day', date: '2026-12-02', clinics, ...over };
}
