/** The clinic calendar: anyone reads the week ahead; staff read a month and edit (every edit audited). */
import { getPublicSchedule, getScheduleForStaff } from '../domain/schedule/view.js';
import {
  deleteScheduleOverride,
  saveScheduleOverride,
  saveScheduleSettings,
  saveWeeklyHours,
  setHolidayOpening,
} from '../domain/schedule/edit/apply.js';
import type { FunctionSet } from '../http/function-def.js';

type ScheduleFunction =
  | 'getPublicSchedule'
  | 'getSchedule'
  | 'saveWeeklyHours'
  | 'saveScheduleSettings'
  | 'saveScheduleOverride'
  | 'deleteScheduleOverride'
  | 'setHolidayOpening';

export const scheduleFunctions: FunctionSet<ScheduleFunction> = {
  getPublicSchedule: {
    access: 'anyone',
    async run(_payload, _caller, _request, deps) {
      return getPublicSchedule(deps.store, deps.clock.now());
    },
  },
  getSchedule: {
    access: 'staff',
    async run({ month }, _staff, _request, deps) {
      return getScheduleForStaff(deps.store, month);
    },
  },
  saveWeeklyHours: {
    access: 'staff',
    async run({ weekly }, actor, _request, deps) {
      return saveWeeklyHours({ store: deps.store, weekly, actor });
    },
  },
  saveScheduleSettings: {
    access: 'staff',
    async run({ settings }, actor, _request, deps) {
      return saveScheduleSettings({ store: deps.store, settings, actor });
    },
  },
  saveScheduleOverride: {
    access: 'staff',
    async run(override, actor, _request, deps) {
      return saveScheduleOverride({ store: deps.store, override, actor });
    },
  },
  deleteScheduleOverride: {
    access: 'staff',
    async run({ date }, actor, _request, deps) {
      return deleteScheduleOverride({ store: deps.store, date, actor });
    },
  },
  setHolidayOpening: {
    access: 'staff',
    async run({ date, open }, actor, _request, deps) {
      return setHolidayOpening({ store: deps.store, date, open, actor });
    },
  },
};
