/**
 * The fan-out bench's frame size (bench/fanout.ts, decision 062): it reads the first snapshot a new viewer
 * gets, whole, past the `retry:` line and comments, however the stream is cut into chunks, and counts bytes,
 * not characters.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { frameRow } from '../../bench/fanout.js';
import { firstSnapshotFrame, snapshotFrameBytes } from '../../bench/lib/sse-viewers.js';

const FRAME = 'id: 7\nevent: queue\ndata: {"queue":[{"reservationNumber":1,"ahead":0}],"note":"受付"}\n\n';

describe('the snapshot frame the fan-out bench weighs', () => {
  it('is the first frame with an id, whole; none until it has ended', () => {
    expect(firstSnapshotFrame(`retry: 3000\n\n: ping\n\n${FRAME}id: 8\nevent: queue\n`)).toBe(FRAME);
    expect(firstSnapshotFrame(`retry: 3000\n\n${FRAME.slice(0, -1)}`)).toBeNull();
    expect(firstSnapshotFrame('retry: 3000\n\n')).toBeNull();
  });

  it('is read from a live stream in bytes, across chunks', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('retry: 3000\n\n');
      res.write(FRAME.slice(0, 12));
      setTimeout(() => res.write(FRAME.slice(12)), 30);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      expect(await snapshotFrameBytes(`http://127.0.0.1:${port}/api/live/queue`)).toBe(Buffer.byteLength(FRAME));
      expect(Buffer.byteLength(FRAME)).toBeGreaterThan(FRAME.length);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('is reported beside the floor\'s, without a target', () => {
    expect(frameRow(4321, 8765)).toMatchObject({ scenario: '2 fan-out', product: '4,321 B', floor: '8,765 B', ratio: '0.49×', met: null });
    expect(frameRow(4321, 8765).metric).not.toContain('one list');
    // Several queues: the frame by queue our screens read, and what the one list would have been.
    expect(frameRow(8117, 7546, '2 fan-out, 3 queues', 10110)).toMatchObject({ product: '8,117 B', floor: '7,546 B', ratio: '1.08×' });
    expect(frameRow(8117, 7546, '2 fan-out, 3 queues', 10110).metric).toContain('by queue, one list 10,110 B');
  });
});
