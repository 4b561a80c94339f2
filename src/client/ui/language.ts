/**
 * The patient screens' language (docs/decisions/023-english-and-accessibility.md): the device's remembered
 * choice, else the first of the browser's languages we have, else Japanese. `t` is the catalogue helper
 * bound to the patient catalogue and the language applied here, so components need not pass it; English
 * is a chunk of its own, fetched only for English readers. Staff screens never apply a language.
 */
import { useSyncExternalStore } from 'react';
import { PATIENT_LANGS, type PatientLang } from '../../shared/labels/langs.js';
import { patientJa, type PatientKey } from '../../shared/labels/patient-ja.js';
import { label, type Params, type Texts } from '../../shared/labels/text.js';

export const LANGS = PATIENT_LANGS;
export type Lang = PatientLang;

/** The localStorage key of the remembered choice. */
export const LANG_STORAGE_KEY = 'clinic.lang';

const isLang = (value: unknown): value is Lang => (LANGS as readonly unknown[]).includes(value);

function remembered(): Lang | null {
  try {
    const value = window.localStorage.getItem(LANG_STORAGE_KEY);
    return isLang(value) ? value : null;
  } catch {
    return null;
  }
}

/** The first of the browser's languages that we have: `en-US` → en, `ja-JP` → ja; none → ja. */
export function fromBrowser(languages: readonly string[]): Lang {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLang(base)) return base;
  }
  return 'ja';
}

export function preferredLang(): Lang {
  return remembered() ?? fromBrowser(navigator.languages?.length ? navigator.languages : [navigator.language ?? 'ja']);
}

let current: Lang = 'ja';
const listeners = new Set<() => void>();

/** The patient catalogue: English joins once its chunk arrives, before `current` can be 'en'. */
const patient: Record<Lang, Texts<PatientKey>> = { ja: patientJa, en: patientJa };

export function currentLang(): Lang {
  return current;
}

/** A patient label in the applied language. */
export function t(key: PatientKey, params?: Params): string {
  return label(patient, current, key, params);
}

/** Loads the language's catalogue (English from its own chunk), makes it `t`'s, and tells the page. */
export async function applyLang(lang: Lang): Promise<void> {
  if (lang === 'en') patient.en = (await import('../../shared/labels/patient-en.js')).patientEn;
  current = lang;
  document.documentElement.lang = lang;
  listeners.forEach((listener) => listener());
}

/** The switcher's choice: remembered on this device, then applied. */
export async function chooseLang(lang: Lang): Promise<void> {
  try {
    window.localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // not remembered (private mode): still switched for this page
  }
  await applyLang(lang);
}

/** The applied language, re-rendering on a switch. */
export function useLang(): Lang {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}

/**
 * The server answers in Japanese (it does not know the reader): a message that is a catalogue text is shown
 * in the reader's language instead; anything else (a filled-in text) as it came. Here, in the entry, because
 * every route set's calls need it.
 */
let byJapanese: Map<string, PatientKey> | null = null;
export function localizeMessage(message: string): string {
  if (current === 'ja') return message;
  byJapanese ??= new Map(Object.entries(patientJa).map(([key, text]) => [text, key as PatientKey]));
  const key = byJapanese.get(message);
  return key ? t(key) : message;
}
