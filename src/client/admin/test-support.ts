/**
 * What the staff screens' unit tests set up alike: a staff row, the network played by the test (fetch
 * answering as the server's functions would) and the staff stream it pushes. Our own modules stay real.
 */
import { vi } from 'vitest';
import type { StaffSlot } from '../../shared/queue/slot.js';
import type { QueueLive } from '../../shared/schemas/live.js';

/** A row as the staff stream sends it: number `n`, in place `n`, taken at the desk at `at`, nothing done yet. */
export function staffSlot(n: number, at: string, over: Partial<StaffSlot> = {}): StaffSlot {
  return {
    id: `s${n}`, sessionId: 'x', reservationNumber: n, isReserved: true, canceled: false, canceledAt: null,
    isReceptionAccepted: false, receptionAcceptedAt: null, reservedType: 'ADMIN', reservedAt: at, createdAt: at,
    updatedAt: at, hold: false, holdAt: null, canceledLineAt: null, canceledPwaAt: null,
    notifiedAheadAt: null, notifiedAt: null, ahead5SkippedAt: null, ahead5SkippedReason: null, adminConfirmedAt: null,
    adminBeepAnnounced: true, queuePosition: n, absences: 0, absentAt: null, absentPlaces: null, arrivedAt: null, arrivedBy: null,
    ...over,
  };
}

/** One queue's live figures (decision 061): open, online, nobody waiting, unless `over` says otherwise. */
export function queueLive(id: string, nameJa: string, firstNumber: number, over: Partial<QueueLive> = {}): QueueLive {
  return { id, nameJa, nameEn: id, firstNumber, online: true, open: true, waiting: 0, nowCalling: null, estimate: null, ...over };
}

/** A clinic of three queues: 一般 from 1, 予防接種 from 501 (desk only), 発熱外来 from 1001. */
export function threeQueues(waiting: [number, number, number] = [0, 0, 0]): QueueLive[] {
  return [
    queueLive('main', '一般', 1, { waiting: waiting[0] }),
    queueLive('vaccine', '予防接種', 501, { waiting: waiting[1], online: false }),
    queueLive('fever', '発熱外来', 1001, { waiting: waiting[2] }),
  ];
}

/** A function's answer; 'offline' is a request that never reaches the server. */
export type Answer = { result: unknown } | { error: { status: string; message: string } } | 'offline';
export type Sent = { name: string; data: unknown }[];

/** Stubs fetch so that each `/api/fn/<name>` call is recorded and answered by `answer`; returns the record. */
export function stubFunctions(answer: (name: string, data: unknown) => Answer | Promise<Answer>): Sent {
  const sent: Sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const name = url.replace('/api/fn/', '');
      const { data } = JSON.parse(String(init.body)) as { data: unknown };
      sent.push({ name, data });
      const body = await answer(name, data);
      if (body === 'offline') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(body), { status: 'error' in body ? 400 : 200 });
    }),
  );
  return sent;
}

/** The browser's EventSource, played by the test: `push` sends one message to what listens. */
export class ScriptedStream {
  static readonly CLOSED = 2;
  readyState = 1;
  onerror: (() => void) | null = null;
  readonly events: string[] = [];
  private listeners: ((message: { data: string }) => void)[] = [];
  constructor(
    readonly url: string,
    streams: ScriptedStream[],
  ) {
    streams.push(this);
  }
  addEventListener(event: string, listener: (message: { data: string }) => void) {
    this.events.push(event);
    this.listeners.push(listener);
  }
  close() {}
  push(message: unknown) {
    for (const listener of this.listeners) listener({ data: JSON.stringify(message) });
  }
}

/** Stubs EventSource; returns the streams the screen opens, in order. */
export function stubStreams(): ScriptedStream[] {
  const streams: ScriptedStream[] = [];
  vi.stubGlobal(
    'EventSource',
    class extends ScriptedStream {
      constructor(url: string) {
        super(url, streams);
      }
    },
  );
  return streams;
}
