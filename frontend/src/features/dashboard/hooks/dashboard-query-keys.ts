/** Query keys of the dashboard's own loads, apart from the wizard's so a visit never shows its cache. */
export const dashboardQueryKeys = {
  config: (userId: string) => ['dashboard', 'business-config', userId] as const,
  objective: (userId: string) => ['dashboard', 'objective', userId] as const,
  objectiveTemplates: ['dashboard', 'objective-templates'] as const,
  appointments: (userId: string) => ['dashboard', 'appointments', userId] as const,
  pastAppointments: (userId: string) => ['dashboard', 'appointments', userId, 'past'] as const,
  conversationAppointments: (userId: string, id: string) =>
    ['dashboard', 'appointments', userId, 'conversation', id] as const,
  overview: (userId: string) => ['dashboard', 'overview', userId] as const,
  callLog: (userId: string, filters: object) => ['dashboard', 'call-log', userId, filters] as const,
  conversation: (userId: string, id: string) => ['dashboard', 'conversation', userId, id] as const,
  notifications: (userId: string) => ['dashboard', 'notifications', userId] as const,
  reminders: (userId: string) => ['dashboard', 'reminders', userId] as const,
  getPaid: (userId: string) => ['dashboard', 'get-paid', userId] as const,
};
