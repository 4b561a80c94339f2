/** The kiosk chunk's lookup (docs/decisions/072): its own catalogue in the language on screen. */
import { label } from '../../../shared/labels/text.js';
import { kioskLabels, type KioskKey } from '../../../shared/labels/kiosk.js';

export type KioskLang = 'ja' | 'en';

export const kt = (lang: KioskLang, key: KioskKey, params?: Record<string, string | number>) => label(kioskLabels, lang, key, params);
