import { CALENDAR_LIMITS, SLOT_GRID_CHOICES } from './calendar-model';

/**
 * What the calendar model's API and editors say (docs/decisions/183-calendar-model.md, "Editing the
 * model"). Without zod: the dashboard and the setup wizard load these.
 */
export const CALENDAR_API_TEXTS = {
  conflict: 'Your services and staff were changed somewhere else (another tab?). Reload and try again.',
  serviceNotFound: 'No such service.',
  staffNotFound: 'No such staff member.',
  resourceNotFound: 'No such resource.',
  closureNotFound: 'No such closure.',
  configNotFound: 'Finish the first step of setup before setting your hours.',
  limit: (what: 'services' | 'staff members' | 'resources' | 'closures', max: number) =>
    `You can have at most ${max} ${what}. Delete one to add another.`,
  unknownStaff: 'This staff member doesn’t exist (anymore). Reload and choose again.',
  unknownResource: 'This resource doesn’t exist (anymore). Reload and choose again.',
  unknownService: 'This service doesn’t exist (anymore). Reload and choose again.',
  resourceInUse: (services: readonly string[]) =>
    `${services.join(', ')} ${services.length === 1 ? 'uses' : 'use'} this resource. Choose another resource for ${services.length === 1 ? 'it' : 'them'} first.`,
  onlyStaffFor: (services: readonly string[]) =>
    `Nobody else does ${services.join(', ')}. Give ${services.length === 1 ? 'it' : 'them'} to someone else (or delete ${services.length === 1 ? 'it' : 'them'}) first.`,
  nobodyLeftFor: (services: readonly string[]) =>
    `Someone has to do ${services.join(', ')}: keep at least one staff member on ${services.length === 1 ? 'it' : 'them'}.`,
  priceRequired: 'Enter a price, or choose “No price”.',
  affected: (count: number) =>
    `${count === 1 ? 'One upcoming appointment' : `${count} upcoming appointments`} would be left without a time. Cancel ${count === 1 ? 'it' : 'them'} (the ${count === 1 ? 'caller is' : 'callers are'} texted), or keep editing.`,
} as const;

/** The dashboard's Calendar tab and the setup wizard's hours and services sections. */
export const CALENDAR_UI_TEXTS = {
  tab: 'Calendar',
  intro:
    'What you offer, who does it and when you’re open. The assistant books, quotes prices and says your closures from here.',
  loadFailed: 'We couldn’t load your calendar settings. Please reload the page.',
  saved: 'Saved.',
  fixFields: 'Please fix the highlighted fields.',
  services: {
    title: 'Services',
    intro: 'Each service has its own length and price. The assistant asks callers which one they want.',
    empty: 'No services yet: every booking is one 30-minute appointment, as before.',
    add: 'Add a service',
    edit: 'Edit',
    delete: 'Delete',
    save: 'Save service',
    cancel: 'Cancel',
    name: 'Name',
    duration: 'Length',
    priceKind: 'Price',
    priceKinds: { fixed: 'Fixed price', from: '“From” price', none: 'No price' },
    price: 'Amount ($)',
    deposit: 'Deposit',
    depositDefault: 'The business default',
    depositCustom: 'Its own deposit',
    depositAmount: 'Deposit amount ($)',
    buffer: 'Time kept free after it',
    staff: 'Who does it',
    everyone: 'Everyone',
    resource: 'Needs a resource',
    noResource: 'None',
  },
  suggestions: {
    title: 'From your description',
    intro: 'Prices in your business description. Add one as a service, then set its length.',
    add: (name: string) => `Add “${name}” as a service`,
  },
  staff: {
    title: 'Staff',
    intro:
      'People callers can book. Without staff, the business is one calendar and the assistant books it as before.',
    empty: 'No staff yet.',
    add: 'Add a staff member',
    save: 'Save staff member',
    name: 'Name',
    hours: 'Hours',
    businessHours: 'The business’s hours',
    ownHours: 'Their own hours',
    services: 'Services they do',
    calendar: 'Their own calendar',
    noCalendar: 'None: only their bookings block their time',
    calendarRef: 'Which calendar (its id or link)',
  },
  resources: {
    title: 'Resources',
    intro: 'Chairs, rooms or bays a service needs. A resource with capacity 2 holds two bookings at once.',
    empty: 'No resources.',
    add: 'Add a resource',
    save: 'Save resource',
    name: 'Name',
    capacity: 'Capacity',
  },
  hours: {
    title: 'Opening hours',
    intro: 'The assistant says these hours and books only inside them.',
    fromLookup: 'Filled in from your Google listing. Change anything that’s not right.',
    defaulted: 'Not set yet: the assistant books weekdays 9 to 5 and doesn’t state hours.',
    closed: 'Closed',
    open: 'Open',
    opens: 'Opens',
    closes: 'Closes',
    addPeriod: 'Add a period',
    removePeriod: 'Remove',
    copyMonday: 'Copy Monday to Tuesday–Friday',
    save: 'Save hours',
    periodLimit: `At most ${CALENDAR_LIMITS.intervalsPerDay} open periods a day.`,
  },
  closures: {
    title: 'Closures',
    intro: 'Holidays and days off. The assistant says the note and offers the next open day.',
    empty: 'No closures.',
    add: 'Add a closure',
    save: 'Save closure',
    from: 'First day',
    to: 'Last day',
    wholeDay: 'All day',
    partDay: 'Part of the day',
    start: 'Closed from',
    end: 'Closed until',
    note: 'What the assistant says',
    notePlaceholder: 'We’re closed on Thanksgiving',
  },
  grid: {
    title: 'Booking times',
    intro: 'Appointments start on this grid.',
    label: 'Start times every',
    choice: (minutes: number) => `${minutes} minutes`,
    choices: SLOT_GRID_CHOICES,
    save: 'Save',
  },
  affected: {
    title: 'These appointments would be left without a time',
    cancelAll: 'Cancel these and text the callers',
    keepEditing: 'Keep editing',
    withStaff: (name: string) => `with ${name}`,
    cancelled: (count: number, notified: number) =>
      `${count} appointment${count === 1 ? '' : 's'} cancelled; ${notified} caller${notified === 1 ? '' : 's'} texted.`,
  },
} as const;
