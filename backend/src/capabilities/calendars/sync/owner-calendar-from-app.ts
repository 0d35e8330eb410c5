import type { Logger } from '../../../platform/logging/logger';
import type { Providers } from '../../../providers/providers';
import { createConnectionTokens } from '../connection-tokens';
import type { CalendarConnectionRepository } from '../records/calendar-connections';
import { createOwnerCalendar, type OwnerCalendar } from './owner-calendar';

/** The owner's connected calendar as the app runs it: its connections, the vendors and their tokens. */
export function ownerCalendarFromApp(app: {
  data: { calendarConnections: CalendarConnectionRepository };
  providers: Pick<Providers, 'calendar'>;
  logger: Logger;
  now: () => Date;
}): OwnerCalendar {
  const { data, providers, logger, now } = app;
  return createOwnerCalendar({
    connections: data.calendarConnections,
    calendar: providers.calendar,
    tokens: createConnectionTokens({
      connections: data.calendarConnections,
      calendar: providers.calendar,
      logger,
      now,
    }),
    logger,
  });
}
