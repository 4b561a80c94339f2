/**
 * Japanese public holidays from the maintained dataset (@holiday-jp/holiday_jp, MIT): substitute holidays
 * (振替休日) and the day between two holidays (国民の休日) included. Server only: the screens get the
 * holiday names already applied in the days they are sent.
 */
import holidayJp from '@holiday-jp/holiday_jp';
import type { HolidayLookup } from '../../../shared/schedule/rules.js';

const table = holidayJp.holidays as Record<string, { name: string; name_en: string } | undefined>;

/** The holiday's name on a Tokyo date 'YYYY-MM-DD' (the dataset is keyed by Japanese dates), or null. */
export const japaneseHoliday: HolidayLookup = (date) => table[date]?.name ?? null;

/** The same holiday's English name, for the English patient screens. */
export const englishHolidayName = (date: string): string | null => table[date]?.name_en ?? null;
