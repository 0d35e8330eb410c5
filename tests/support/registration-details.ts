import type { BusinessRegistrationDetailsInput } from '../../shared/schemas/messaging-registration';

/** The legal details the test salon registers for texting with (A2P 10DLC, docs/decisions/169). */
export const SAMPLE_REGISTRATION_DETAILS: BusinessRegistrationDetailsInput = {
  legalName: 'Bella Hair Studio LLC',
  businessType: 'private_company',
  ein: '12-3456789',
  website: 'https://bellahair.com',
  address: {
    street: '12 Market St',
    city: 'San Francisco',
    region: 'CA',
    postalCode: '94105',
    country: 'US',
  },
  contact: {
    firstName: 'Dana',
    lastName: 'Reyes',
    email: 'dana@bellahair.com',
    phone: '+14155550142',
    title: 'Owner',
  },
};
