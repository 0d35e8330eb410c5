import type {
  Analytics,
  AppointmentRates,
  analyticsSchema,
  appointmentRatesSchema,
  suggestionsResponseSchema,
} from '@shared/schemas/analytics';
import type { AnalyticsTimeRange } from '@shared/analytics';
import { ApiClientError, apiDownload, apiRequest } from '../../../lib/api-client';

/** Spec §7: 404 means the owner has no business yet, which is "nothing to show", not a failure. */
const emptyOn404 = async <T>(request: Promise<T>, empty: T): Promise<T> => {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 404) return empty;
    throw error;
  }
};

/** The Analytics tab's calls (spec §7). */
export const analyticsApi = {
  /** null when the owner has no business config yet (404). */
  analytics: (range: AnalyticsTimeRange) =>
    emptyOn404<Analytics | null>(
      apiRequest<typeof analyticsSchema>(`/api/analytics/objectives?timeRange=${range}`, {
        action: 'load analytics',
      }),
      null,
    ),
  /** Confirmation and no-show rates before and after reminders (null without a business config). */
  appointmentRates: (range: AnalyticsTimeRange) =>
    emptyOn404<AppointmentRates | null>(
      apiRequest<typeof appointmentRatesSchema>(`/api/analytics/appointments?timeRange=${range}`, {
        action: 'load appointment rates',
      }),
      null,
    ),
  /** The range's conversations as a CSV file, saved by the browser. */
  exportCsv: (range: AnalyticsTimeRange) =>
    apiDownload(`/api/analytics/conversations.csv?timeRange=${range}`, {
      action: 'export conversations',
      filename: `conversations-${range}-${new Date().toISOString().slice(0, 10)}.csv`,
    }),
  suggestions: (range: AnalyticsTimeRange) =>
    emptyOn404(
      apiRequest<typeof suggestionsResponseSchema>(`/api/optimization/suggestions?timeRange=${range}`, {
        action: 'load suggestions',
      }).then((r) => r.suggestions),
      [],
    ),
};
