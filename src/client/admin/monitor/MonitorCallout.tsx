/**
 * The monitor's call-out (issue 15): the 呼出中 panel, the chime and the spoken number, the sound status line
 * and the one 「音声を有効にする」 button. Public data only: numbers from the queue snapshot. With several
 * queues (decision 061) a number's range tells its queue: the monitor calls only the queues it shows, and
 * names the queue in the panel and the sentence.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Callout, CalloutSettings } from '../../../shared/callout/types.js';
import type { QueueLive, QueueSnapshot } from '../../../shared/schemas/live.js';
import { queueOfNumber } from '../several-queues.js';
import { t } from '../labels.js';
import type { LiveStatus } from '../../api/live.js';
import { CalloutAudio, type CalloutMode, japaneseVoice } from './callout-audio.js';
import { CalloutRunner, calloutSentence, newCallouts, repeatsOf } from './callout-queue.js';

/** How long the 呼出中 panel stays after the last call-out has been announced. */
const PANEL_LINGER_MS = 6000;
/** Without sound the panel alone carries the call-out: each one shows this long before the next. */
const SILENT_MS = 4000;
const DEFAULT_SETTINGS: CalloutSettings = { on: true, volume: 80, text: t('callout.defaultText', { n: '{n}' }) };

function useJapaneseVoice() {
  const [voice, setVoice] = useState<SpeechSynthesisVoice | null>(japaneseVoice);
  useEffect(() => {
    if (typeof speechSynthesis === 'undefined') return;
    const update = () => setVoice(japaneseVoice());
    speechSynthesis.addEventListener('voiceschanged', update);
    return () => speechSynthesis.removeEventListener('voiceschanged', update);
  }, []);
  return voice;
}

/** The clinic's queues when it has several, and those this monitor shows. */
export interface MonitorQueues {
  all: readonly QueueLive[];
  shown: readonly QueueLive[];
}

export function MonitorCallout({ data, status, queues = null }: { data: QueueSnapshot | null; status: LiveStatus; queues?: MonitorQueues | null }) {
  const audio = useMemo(() => new CalloutAudio(), []);
  const voice = useJapaneseVoice();
  const [blocked, setBlocked] = useState(true);
  const [current, setCurrent] = useState<Callout | null>(null);
  const settings = data?.calloutSettings ?? DEFAULT_SETTINGS;
  const mode: CalloutMode = !settings.on ? 'off' : voice ? 'voice' : 'chime';
  // The runner outlives renders: it reads the latest settings, voice and lock through this ref.
  const live = useRef({ settings, voice, mode, blocked, queues });
  live.current = { settings, voice, mode, blocked, queues };
  const heard = useRef<number | null>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const runner = useMemo(
    () =>
      new CalloutRunner(
        async (callout) => {
          clearTimeout(hideTimer.current);
          setCurrent(callout);
          const now = live.current;
          if (now.mode === 'off' || now.blocked || !audio.unlocked) {
            await new Promise((resolve) => setTimeout(resolve, SILENT_MS));
            return;
          }
          await audio.chime(now.settings.volume);
          if (now.mode !== 'voice' || !now.voice) return;
          const queue = now.queues ? queueOfNumber(now.queues.all, callout.number)?.nameJa : undefined;
          const sentence = calloutSentence(now.settings.text, callout.number, queue);
          for (let i = 0; i < repeatsOf(callout); i++) await audio.speak(sentence, now.settings.volume, now.voice);
        },
        () => {
          hideTimer.current = setTimeout(() => setCurrent(null), PANEL_LINGER_MS);
        },
      ),
    [audio],
  );

  useEffect(() => {
    void audio.tryResume().then((ok) => setBlocked(!ok));
    return () => clearTimeout(hideTimer.current);
  }, [audio]);

  // Every (re)connection starts by taking what is already on the snapshot as heard.
  useEffect(() => {
    if (status !== 'live') heard.current = null;
  }, [status]);

  useEffect(() => {
    if (!data || status !== 'live') return;
    const next = newCallouts(heard.current, data.callouts ?? []);
    heard.current = next.heard;
    // Another waiting area's call-out is its own monitor's to say.
    const due = queues ? next.due.filter((c) => queues.shown.includes(queueOfNumber(queues.all, c.number)!)) : next.due;
    if (due.length > 0) runner.add(due);
  }, [data, status, runner, queues]);

  const unlock = useCallback(() => {
    void audio.unlock().then((ok) => setBlocked(!ok));
  }, [audio]);

  const modeLabel = mode === 'off' ? t('callout.modeOff') : mode === 'voice' ? t('callout.modeVoice') : t('callout.modeChime');
  return (
    <>
      <p className="monitor-sound" data-mode={mode}>
        {modeLabel}
        {blocked && mode !== 'off' && (
          <button type="button" className="monitor-sound-enable" onClick={unlock}>
            {t('callout.enable')}
          </button>
        )}
      </p>
      {current && (
        <section className="monitor-callout" aria-live="assertive" aria-label={t('callout.panelTitle')}>
          <p className="monitor-callout-title">{t('callout.panelTitle')}</p>
          {queues && <p className="monitor-callout-queue">{queueOfNumber(queues.all, current.number)?.nameJa}</p>}
          <p className="monitor-callout-number">{t('callout.number', { n: current.number })}</p>
        </section>
      )}
    </>
  );
}
