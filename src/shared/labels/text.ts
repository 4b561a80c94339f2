/**
 * The one way to look a label up: a catalogue, a language, a key and its parameters in, the text out. Every
 * screen, notice and chat reply reads its words through `label`; the catalogues are split by who reads them
 * and when they load (docs/architecture.md, "Labels"), never by the feature that added them.
 */
import type { PatientLang } from './langs.js';

/** The values of a text's `{name}` placeholders. */
export type Params = Readonly<Record<string, string | number>>;

/** One language's texts: every key of its catalogue. */
export type Texts<K extends string> = Readonly<Record<K, string>>;

/**
 * A catalogue: the same keys in each of its languages (a key missing in one fails the type check). Patient
 * texts have Japanese and English; staff texts Japanese alone.
 */
export type Catalogue<K extends string, L extends PatientLang = PatientLang> = Readonly<Record<L, Texts<K>>>;

/** What is told of a `{name}` left without its parameter; unset, the placeholder shows as written. */
let onMissing: ((key: string, name: string) => void) | undefined;

/** Tests and the dev server set this to throw, so a call that forgets a parameter fails where it is made. */
export function reportMissingParams(report: typeof onMissing): void {
  onMissing = report;
}

/** The report tests and the dev server use. */
export function throwMissingParam(key: string, name: string): never {
  throw new Error(`label ${key}: no value for {${name}}`);
}

/** The text of `key` in `lang`, its `{name}` placeholders filled from `params`. An unknown key is a type error. */
export function label<K extends string, L extends PatientLang>(catalogue: Catalogue<K, L>, lang: L, key: NoInfer<K>, params: Params = {}): string {
  return catalogue[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (name in params) return String(params[name]);
    onMissing?.(key, name);
    return whole;
  });
}
