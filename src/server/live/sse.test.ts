import { describe, expect, it } from 'vitest';
import { SSE_HEARTBEAT, sseFrame, sseRetry } from './sse.js';

describe('SSE wire format', () => {
  it('writes an event frame with id, event and one JSON data line', () => {
    expect(sseFrame('queue', { a: 1, s: 'x\ny' }, 7)).toBe('id: 7\nevent: queue\ndata: {"a":1,"s":"x\\ny"}\n\n');
  });

  it('leaves the id line out when there is none', () => {
    expect(sseFrame('admin', [])).toBe('event: admin\ndata: []\n\n');
  });

  it('writes heartbeats as comments and the retry hint', () => {
    expect(SSE_HEARTBEAT).toBe(': ping\n\n');
    expect(sseRetry(3000)).toBe('retry: 3000\n\n');
  });

  it('keeps Japanese text as is', () => {
    expect(sseFrame('queue', { m: '受付' })).toBe('event: queue\ndata: {"m":"受付"}\n\n');
  });
});
