import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CALENDAR_UI_TEXTS } from '@shared/calendar-model-texts';
import type { CalendarModel } from '@shared/schemas/calendar-model';
import type { AffectedAppointment, CalendarSettings } from '@shared/schemas/calendar-model-api';
import { ApiClientError, apiFieldErrors } from '../../../lib/api-client';
import { calendarModelApi, type WriteOptions } from '../api/calendar-model-api';

export const calendarQueryKeys = {
  model: (userId: string) => ['calendar-model', userId] as const,
  settings: (userId: string) => ['calendar-settings', userId] as const,
  suggestions: (userId: string) => ['calendar-model', userId, 'suggestions'] as const,
};

export const useCalendarModel = (userId: string) =>
  useQuery({ queryKey: calendarQueryKeys.model(userId), queryFn: () => calendarModelApi.model(userId) });
export const useCalendarSettings = (userId: string) =>
  useQuery({
    queryKey: calendarQueryKeys.settings(userId),
    queryFn: () => calendarModelApi.settings(userId),
  });
export const useServiceSuggestions = (userId: string) =>
  useQuery({
    queryKey: calendarQueryKeys.suggestions(userId),
    queryFn: () => calendarModelApi.suggestions(userId),
  });

export const useCalendarConnections = () =>
  useQuery({ queryKey: ['calendar-connections'], queryFn: () => calendarModelApi.connections() });

/** The appointments a refused write would strand (its 409), or undefined for any other failure. */
export function strandedBy(error: unknown): AffectedAppointment[] | undefined {
  if (!(error instanceof ApiClientError) || error.status !== 409) return undefined;
  const body = error.body as { error?: string; affected?: AffectedAppointment[] } | undefined;
  return body?.error === 'appointments_affected' ? body.affected : undefined;
}

/** The API's words for a failed write; for wrong fields (whose messages go on them), one line pointing there. */
export function refusalText(error: unknown): string | undefined {
  if (!error) return undefined;
  if (Object.keys(apiFieldErrors(error)).length > 0) return CALENDAR_UI_TEXTS.fixFields;
  if (error instanceof ApiClientError) return error.serverError ?? error.message;
  return 'Something went wrong. Please try again.';
}

export const fieldErrorsOf = apiFieldErrors;

type Write = { method: 'POST' | 'PUT' | 'DELETE'; path: string; body?: unknown };

/**
 * One write of the calendar: the model's (with the version last seen, so another tab's newer edit is a
 * 409, never silently undone) or the settings'. A write refused for stranding bookings is kept with them,
 * so the owner can cancel them and retry it, or keep editing.
 */
export function useCalendarWrite(userId: string, target: 'model' | 'settings') {
  const queryClient = useQueryClient();
  const [blocked, setBlocked] = useState<{ write: Write; affected: AffectedAppointment[] }>();
  const [cancelledCount, setCancelledCount] = useState<{ count: number; notified: number }>();
  const mutation = useMutation({
    mutationFn: async ({ write, cancelAffected }: { write: Write; cancelAffected?: boolean }) => {
      const options: WriteOptions = { ...(cancelAffected ? { cancelAffected } : {}) };
      if (target === 'model') {
        const version = queryClient.getQueryData<CalendarModel>(calendarQueryKeys.model(userId))?.version;
        return calendarModelApi.writeModel(userId, write.method, write.path, write.body, {
          ...options,
          ...(version === undefined ? {} : { version }),
        });
      }
      return calendarModelApi.writeSettings(userId, write.method, write.path, write.body, options);
    },
    onMutate: () => setCancelledCount(undefined),
    onSuccess: (stored) => {
      setBlocked(undefined);
      const cancelled = stored.cancelled ?? [];
      if (cancelled.length > 0) {
        setCancelledCount({
          count: cancelled.length,
          notified: cancelled.filter((c) => c.caller_notified).length,
        });
      }
      const { cancelled: _, ...rest } = stored;
      if (target === 'model') {
        queryClient.setQueryData(calendarQueryKeys.model(userId), rest as CalendarModel);
        void queryClient.invalidateQueries({ queryKey: calendarQueryKeys.suggestions(userId) });
      } else queryClient.setQueryData(calendarQueryKeys.settings(userId), rest as CalendarSettings);
    },
    onError: (error, { write }) => {
      const affected = strandedBy(error);
      if (affected) setBlocked({ write, affected });
      // Changed in another tab: the list is reloaded, so the owner's next save is made on what they see.
      if (error instanceof ApiClientError && error.status === 409 && !affected) {
        void queryClient.invalidateQueries({ queryKey: calendarQueryKeys[target](userId) });
      }
    },
  });
  return {
    save: (write: Write) => mutation.mutateAsync({ write }),
    /**
     * Saves one entry of a collection (a service, a staff member, a closure): PUT when it has an id, POST to
     * add it. True once stored; false when refused, whose reason the hook's error or `blocked` shows.
     */
    saveEntry: (collection: string, id: string | undefined, body: unknown) =>
      mutation
        .mutateAsync({
          write: id
            ? { method: 'PUT', path: `${collection}/${id}`, body }
            : { method: 'POST', path: collection, body },
        })
        .then(
          () => true,
          () => false,
        ),
    pending: mutation.isPending,
    /** The failure to show, unless it's the stranded-bookings refusal (shown as its own list). */
    error: blocked ? undefined : mutation.error,
    blocked,
    cancelledCount,
    cancelAndRetry: () =>
      blocked ? mutation.mutateAsync({ write: blocked.write, cancelAffected: true }) : undefined,
    keepEditing: () => {
      setBlocked(undefined);
      mutation.reset();
    },
  };
}
