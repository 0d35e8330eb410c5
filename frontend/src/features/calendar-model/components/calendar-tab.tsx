import { CALENDAR_UI_TEXTS } from '@shared/calendar-model-texts';
import { useCalendarModel } from '../hooks/calendar-queries';
import { ClosuresSection, OpeningHoursSection, SlotGridSection } from './hours-and-closures';
import { ServicesEditor } from './services-editor';
import { ResourcesEditor, StaffEditor } from './staff-editor';
import './calendar.css';

/**
 * The dashboard's Calendar tab (docs/decisions/183): services, staff, resources, opening hours, closures and
 * the booking grid, each section saving on its own.
 */
export function CalendarTab({ userId }: { userId: string }) {
  const model = useCalendarModel(userId);
  return (
    <section className="card dashboard-panel calendar-tab" aria-labelledby="calendar-tab-title">
      <h2 id="calendar-tab-title">{CALENDAR_UI_TEXTS.tab}</h2>
      <p className="calendar-muted">{CALENDAR_UI_TEXTS.intro}</p>
      {model.isError ? (
        <p className="alert alert-error" role="alert">
          {CALENDAR_UI_TEXTS.loadFailed}
        </p>
      ) : null}
      <ServicesEditor userId={userId} />
      <StaffEditor userId={userId} />
      <ResourcesEditor userId={userId} />
      <OpeningHoursSection userId={userId} />
      <ClosuresSection userId={userId} />
      <SlotGridSection userId={userId} />
    </section>
  );
}
