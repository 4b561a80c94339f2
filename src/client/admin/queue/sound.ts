/**
 * The new-reservation beep. Browsers refuse audio until the person has interacted with the page
 * (docs/product.md, "Sound"), so the screen tracks whether sound is blocked and offers a click to
 * enable it. The on/off choice is remembered on this PC as `qa_soundOn`.
 */
import { useCallback, useEffect, useState } from 'react';

export const SOUND_KEY = 'qa_soundOn';
export const BEEP_URL = '/reserve-beep.mp3';
export const BEEP_VOLUME = 0.6;

function readSoundOn(): boolean {
  try {
    const stored = localStorage.getItem(SOUND_KEY);
    // On unless the receptionist turned it off: a missed online patient costs more than a beep.
    return stored === null ? true : stored === 'true';
  } catch {
    return true;
  }
}

/** True when the browser says this page has not been interacted with yet (so playback would be refused). */
function activationMissing(): boolean {
  const activation = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation;
  return activation ? !activation.hasBeenActive : false;
}

export function useSound() {
  const [soundOn, setSoundOnState] = useState(readSoundOn);
  const [blocked, setBlocked] = useState(activationMissing);

  useEffect(() => {
    if (!blocked) return;
    // Any click or key press on the page unlocks audio in Chromium and Firefox (sticky activation).
    // 'click' in the bubble phase, not 'pointerdown': the enable button must still be there to be clicked.
    const unlock = () => setBlocked(activationMissing());
    document.addEventListener('click', unlock);
    document.addEventListener('keydown', unlock);
    return () => {
      document.removeEventListener('click', unlock);
      document.removeEventListener('keydown', unlock);
    };
  }, [blocked]);

  const setSoundOn = useCallback((on: boolean) => {
    setSoundOnState(on);
    try {
      localStorage.setItem(SOUND_KEY, String(on));
    } catch {
      // Private mode or storage full: the choice holds until the page is reloaded.
    }
  }, []);

  /** Plays the beep; a refusal (no interaction yet) shows the enable-sound control instead. */
  const play = useCallback(async () => {
    const audio = new Audio(BEEP_URL);
    audio.volume = BEEP_VOLUME;
    try {
      await audio.play();
      setBlocked(false);
    } catch (err) {
      if (err instanceof DOMException && err.name === 'NotAllowedError') setBlocked(true);
    }
  }, []);

  return { soundOn, setSoundOn, blocked, play };
}

export type Sound = ReturnType<typeof useSound>;
