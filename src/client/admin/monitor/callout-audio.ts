/**
 * The monitor's voice (issue 15): a chime made with the Web Audio API (no audio file to fetch) and the
 * sentence through the browser's speech synthesis in a ja-JP voice. Browsers refuse audio until someone has
 * tapped the page (docs/product.md, "Sound"): the monitor unlocks once and remembers it on the device.
 */
export const MONITOR_SOUND_KEY = 'qa_monitorSound';
/** The chime's two notes (ピン・ポーン) and how long it rings before the voice starts. */
const CHIME_NOTES = [
  { hz: 880, at: 0, length: 0.6 },
  { hz: 698.5, at: 0.45, length: 0.9 },
];
const CHIME_MS = 1400;
/** A voice that never reports its end must not hold the queue: about 0.4 s a character, at least 8 s. */
const speechTimeoutMs = (text: string) => Math.max(8000, text.length * 400);

export type CalloutMode = 'voice' | 'chime' | 'off';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function rememberedUnlock(): boolean {
  try {
    return localStorage.getItem(MONITOR_SOUND_KEY) === 'on';
  } catch {
    return false;
  }
}

function rememberUnlock(): void {
  try {
    localStorage.setItem(MONITOR_SOUND_KEY, 'on');
  } catch {
    // Private mode: the tap holds until the next reload.
  }
}

/** A Japanese voice when the browser has one; the voice list may arrive late ('voiceschanged'). */
export function japaneseVoice(): SpeechSynthesisVoice | null {
  if (typeof speechSynthesis === 'undefined') return null;
  return speechSynthesis.getVoices().find((v) => v.lang.replace('_', '-').toLowerCase().startsWith('ja')) ?? null;
}

export class CalloutAudio {
  private context: AudioContext | null = null;

  get unlocked(): boolean {
    return this.context?.state === 'running';
  }

  /** On load: resume what a tap unlocked before; false when the browser still blocks (show the button). */
  async tryResume(): Promise<boolean> {
    if (!rememberedUnlock()) return false;
    return this.resume();
  }

  /** The 「音声を有効にする」 tap. */
  async unlock(): Promise<boolean> {
    const ok = await this.resume();
    if (ok) rememberUnlock();
    return ok;
  }

  private async resume(): Promise<boolean> {
    try {
      this.context ??= new AudioContext();
      // Without a tap Chromium leaves resume() pending for ever: wait briefly, then ask the state.
      await Promise.race([this.context.resume(), sleep(500)]);
    } catch {
      return false;
    }
    return this.unlocked;
  }

  async chime(volume: number): Promise<void> {
    const ctx = this.context;
    if (!ctx || ctx.state !== 'running') return;
    const start = ctx.currentTime;
    for (const note of CHIME_NOTES) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'sine';
      osc.frequency.value = note.hz;
      const peak = (volume / 100) * 0.5;
      gain.gain.setValueAtTime(peak, start + note.at);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + note.at + note.length);
      osc.connect(gain).connect(ctx.destination);
      osc.start(start + note.at);
      osc.stop(start + note.at + note.length);
    }
    await sleep(CHIME_MS);
  }

  /** Speaks once and resolves at the utterance's end (or error, or the safety timeout). */
  speak(text: string, volume: number, voice: SpeechSynthesisVoice): Promise<void> {
    return new Promise<void>((resolve) => {
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.lang = 'ja-JP';
      try {
        utterance.voice = voice;
      } catch {
        // Not a voice object this browser made: lang alone still picks a Japanese voice.
      }
      utterance.volume = volume / 100;
      const timer = setTimeout(done, speechTimeoutMs(text));
      function done() {
        clearTimeout(timer);
        resolve();
      }
      utterance.onend = done;
      utterance.onerror = done;
      speechSynthesis.speak(utterance);
    });
  }
}
