/** Texts of the dashboard's Overview and Objectives tabs (spec §2, §4, §8), word for word. */
export const DASHBOARD_MESSAGES = {
  welcome: (businessName: string) => `Welcome back, ${businessName}!`,
  assistantActive: 'Active',
  phoneNotSet: 'Not Set',
  assistantPhoneNotConfigured: 'Assistant phone number not configured. Please complete setup first.',
  comingSoonTitle: 'Coming Soon!',
  configurationError: 'Configuration Error',
  noObjectiveToSave: 'No objective to save',
} as const;

/**
 * The `action` each objectives call passes to the API client, which turns failures into the spec's
 * 'Failed to <action> (status)' (spec §8 "Objectives").
 */
export const OBJECTIVE_ACTIONS = {
  loadObjective: 'load objective',
  loadTemplates: 'load templates',
  generateObjective: 'generate objective',
  saveObjective: 'save objective',
  saveObjectives: 'save objectives',
} as const;
