export { calendarModelRoutes } from './model-routes';
export { calendarSettingsRoutes } from './settings-routes';
