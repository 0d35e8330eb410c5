import type { PlaceDetails } from '../../providers/places/port';

/**
 * The local places provider's whole world: a handful of businesses of the spec's business types, in the
 * US and Canada. Names, addresses and numbers are made up (555-01xx numbers, .example websites).
 */
const weekdays = (hours: [string, string, string, string, string, string, string]) =>
  ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map(
    (day, i) => `${day}: ${hours[i]}`,
  );

export const LOCAL_PLACES: PlaceDetails[] = [
  {
    place_id: 'local-bella-vista-hair-studio',
    name: 'Bella Vista Hair Studio',
    address: '1234 Valencia St, San Francisco, CA 94110, USA',
    website: 'https://bellavistahair.example',
    phone: '+1 415-555-0134',
    hours: weekdays([
      'Closed',
      '9:00 AM – 7:00 PM',
      '9:00 AM – 7:00 PM',
      '9:00 AM – 7:00 PM',
      '9:00 AM – 8:00 PM',
      '8:00 AM – 5:00 PM',
      'Closed',
    ]),
    rating: 4.7,
  },
  {
    place_id: 'local-golden-gate-dental-care',
    name: 'Golden Gate Dental Care',
    address: '450 Sutter St, Suite 1200, San Francisco, CA 94108, USA',
    website: 'https://goldengatedental.example',
    phone: '+1 415-555-0187',
    hours: weekdays([
      '8:00 AM – 5:00 PM',
      '8:00 AM – 5:00 PM',
      '8:00 AM – 5:00 PM',
      '8:00 AM – 5:00 PM',
      '8:00 AM – 3:00 PM',
      'Closed',
      'Closed',
    ]),
    rating: 4.8,
  },
  {
    place_id: 'local-serenity-day-spa',
    name: 'Serenity Day Spa',
    address: '2100 S Congress Ave, Austin, TX 78704, USA',
    website: 'https://serenitydayspa.example',
    phone: '+1 512-555-0142',
    hours: weekdays([
      '10:00 AM – 8:00 PM',
      '10:00 AM – 8:00 PM',
      '10:00 AM – 8:00 PM',
      '10:00 AM – 8:00 PM',
      '10:00 AM – 9:00 PM',
      '9:00 AM – 9:00 PM',
      '10:00 AM – 6:00 PM',
    ]),
    rating: 4.6,
  },
  {
    place_id: 'local-sunset-auto-repair',
    name: 'Sunset Auto Repair',
    address: '3870 Sunset Blvd, Los Angeles, CA 90026, USA',
    website: 'https://sunsetautorepair.example',
    phone: '+1 323-555-0119',
    hours: weekdays([
      '7:30 AM – 6:00 PM',
      '7:30 AM – 6:00 PM',
      '7:30 AM – 6:00 PM',
      '7:30 AM – 6:00 PM',
      '7:30 AM – 6:00 PM',
      '8:00 AM – 2:00 PM',
      'Closed',
    ]),
    rating: 4.5,
  },
  {
    place_id: 'local-brightside-family-clinic',
    name: 'Brightside Family Clinic',
    address: '880 Colorado Blvd, Denver, CO 80206, USA',
    website: 'https://brightsideclinic.example',
    phone: '+1 303-555-0166',
    hours: weekdays([
      '8:00 AM – 6:00 PM',
      '8:00 AM – 6:00 PM',
      '8:00 AM – 6:00 PM',
      '8:00 AM – 6:00 PM',
      '8:00 AM – 6:00 PM',
      '9:00 AM – 1:00 PM',
      'Closed',
    ]),
    rating: 4.4,
  },
  {
    place_id: 'local-maple-leaf-plumbing',
    name: 'Maple Leaf Plumbing & Heating',
    address: '155 Queen St E, Toronto, ON M5A 1S2, Canada',
    website: 'https://mapleleafplumbing.example',
    phone: '+1 416-555-0173',
    hours: weekdays([
      'Open 24 hours',
      'Open 24 hours',
      'Open 24 hours',
      'Open 24 hours',
      'Open 24 hours',
      'Open 24 hours',
      'Open 24 hours',
    ]),
    rating: 4.9,
  },
];
