// @vitest-environment happy-dom
/** The one staff stream wiring: what it follows, and that a drop asks for the staff session to be checked. */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { SessionLostContext } from './refusal.js';
import { type ScriptedStream, stubStreams } from './test-support.js';
import { useAdminStream } from './use-admin-stream.js';

let streams: ScriptedStream[];

function Probe() {
  const { data, status } = useAdminStream();
  return <p>{`${status} ${data?.version ?? '-'}`}</p>;
}

beforeEach(() => {
  streams = stubStreams();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('follows /api/live/admin and asks for the session to be checked when the stream drops, not before', async () => {
  const checks: string[] = [];
  render(
    <SessionLostContext.Provider value={() => checks.push('check')}>
      <Probe />
    </SessionLostContext.Provider>,
  );
  const [stream] = streams;
  expect([stream!.url, stream!.events]).toEqual(['/api/live/admin', ['admin']]);
  await act(async () => stream!.push({ version: 7 }));
  expect(screen.getByText('live 7')).toBeTruthy();
  expect(checks).toEqual([]);

  await act(async () => stream!.onerror?.());
  expect(screen.getByText('reconnecting 7')).toBeTruthy();
  expect(checks).toEqual(['check']);
});
