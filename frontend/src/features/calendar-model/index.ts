// Public entry of the calendar model (docs/decisions/183-calendar-model.md): the dashboard's Calendar tab,
// the services editor setup step 2 shows as an optional section, and the weekly hours editor of step 1.
export { CalendarTab } from './components/calendar-tab';
export { ServicesEditor } from './components/services-editor';
export { WeeklyHoursEditor } from './components/weekly-hours-editor';
export { calendarModelApi } from './api/calendar-model-api';
