/** The clinic calendar: anyone reads the week ahead; staff read a month and edit (every edit audited). */
import { getPublicSchedule, getScheduleForStaff } from '../domain/schedule/view.js';
import {
  deleteScheduleOverride,
  saveScheduleOverride,
  saveScheduleSettings,
  saveWeeklyHours,
  setHolidayOpening,
} from '../domain/schedule/edit.js';
import { requireStaff } from '../http/caller.js';
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
    async run(_payload, _request, deps) {
      return getPublicSchedule(deps.store, deps.clock.now());
    },
  },
  getSchedule: {
    async run({ month }, request, deps) {
      await requireStaff(request, deps);
      return getScheduleForStaff(deps.store, month);
    },
  },
  saveWeeklyHours: {
    async run({ weekly }, request, deps) {
      const actor = await requireStaff(request, deps);
      return saveWeeklyHours({ store: deps.store, weekly, actor });
    },
  },
  saveScheduleSettings: {
    async run({ settings }, request, deps) {
      const actor = await requireStaff(request, deps);
      return saveScheduleSettings({ store: deps.store, settings, actor });
    },
  },
  saveScheduleOverride: {
    async run(override, request, deps) {
      const actor = await requireStaff(request, deps);
      return saveScheduleOverride({ store: deps.store, override, actor });
    },
  },
  deleteScheduleOverride: {
    async run({ date }, request, deps) {
      const actor = await requireStaff(request, deps);
      return deleteScheduleOverride({ store: deps.store, date, actor });
    },
  },
  setHolidayOpening: {
    async run({ date, open }, request, deps) {
      const actor = await requireStaff(request, deps);
      return setHolidayOpening({ store: deps.store, date, open, actor });
    },
  },
};
