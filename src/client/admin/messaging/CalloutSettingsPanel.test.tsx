// @vitest-environment happy-dom
/**
 * The call-out wording's hint (decision 066): a one-queue clinic reads the hint it always had; a clinic of
 * several queues is told {queue} places the queue's name, which the monitor's call-out fills in.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DialogProvider } from '../Modal.js';
import { CalloutSettingsPanel } from './CalloutSettingsPanel.js';

afterEach(cleanup);

const settings = { on: true, volume: 80, text: '{n}番の方、どうぞ' };

describe('the call-out wording hint', () => {
  it('names {n} alone in a one-queue clinic, as before', () => {
    render(
      <DialogProvider>
        <CalloutSettingsPanel settings={settings} onSaved={() => undefined} />
      </DialogProvider>,
    );
    expect(screen.getByLabelText('読み上げる文（{n} が番号になります）')).toBeTruthy();
    expect(document.body.textContent).not.toContain('{queue}');
  });

  it('names {queue} too when the clinic has several queues', () => {
    render(
      <DialogProvider>
        <CalloutSettingsPanel settings={settings} severalQueues onSaved={() => undefined} />
      </DialogProvider>,
    );
    expect(
      screen.getByLabelText('読み上げる文（{n} が番号、{queue} が受付項目の名前になります。{queue} がなければ受付項目の名前のあとに読み上げます）'),
    ).toBeTruthy();
  });
});
