/** The clinic's absence and check-in settings as the runtime row keeps them (migration 0011). */
import type { ArrivalSettings } from '../../../shared/schemas/functions.js';
import type { RuntimeTable } from '../../storage/schema.js';
import type { AbsenceSettings } from '../absence/rule.js';

type SettingsColumns = Pick<RuntimeTable, 'absence_places' | 'absence_hold_after' | 'absent_first_unarrived'>;

export function absenceSettings(runtime: SettingsColumns): AbsenceSettings {
  return { places: runtime.absence_places, holdAfter: runtime.absence_hold_after };
}

/** As the staff stream and the settings page show them. */
export function arrivalSettings(runtime: SettingsColumns): ArrivalSettings {
  return {
    absencePlaces: runtime.absence_places,
    absenceHoldAfter: runtime.absence_hold_after,
    absentFirstUnarrived: runtime.absent_first_unarrived === 1,
  };
}
