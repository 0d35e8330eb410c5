/**
 * Text of the Privacy Policy (7 sections) and the Terms of Service (10 sections), spec §2 "Privacy and Terms".
 * The pages render this data, and the downloadable terms PDF (public/terms-of-service.pdf) was generated from it.
 */
import { BRAND } from '@shared/brand';

export type LegalListItem = string | { term: string; text: string };

export type LegalBlock =
  | { kind: 'p'; text: string }
  | { kind: 'list'; items: readonly LegalListItem[] }
  | { kind: 'contact'; label: string; email: string };

export interface LegalSection {
  title: string;
  body: readonly LegalBlock[];
}

export interface LegalDocument {
  title: string;
  lastUpdated: string;
  intro: string;
  sections: readonly LegalSection[];
}

const p = (text: string): LegalBlock => ({ kind: 'p', text });
const list = (...items: LegalListItem[]): LegalBlock => ({ kind: 'list', items });

const name = BRAND.name;

export const PRIVACY_POLICY: LegalDocument = {
  title: 'Privacy Policy',
  lastUpdated: 'November 29, 2026',
  intro: `This Privacy Policy explains how ${name} collects, uses, shares and protects personal information when businesses use our AI receptionist and when their customers call or text a ${name} assistant.`,
  sections: [
    {
      title: 'Who We Are and What This Policy Covers',
      body: [
        p(
          `${name} ("${name}", "we", "us") provides an AI receptionist that answers phone calls and text messages on behalf of small businesses, books appointments, collects deposits and payments, and sends confirmations. This policy covers the business owners who create an account on our website and dashboard ("Customers") and the people who call or text a ${name} assistant ("Callers").`,
        ),
        p(
          `For Caller information we act as a service provider to the business the Caller contacted. That business decides how its calls are handled and is responsible for its own privacy notice to its customers. The service is offered only to businesses in the United States and Canada.`,
        ),
      ],
    },
    {
      title: 'Information We Collect',
      body: [
        list(
          {
            term: 'Account information',
            text: 'business name, e-mail address, phone number, business type and password. Passwords are handled by our identity provider and stored only as a salted hash; we never see them in plain text.',
          },
          {
            term: 'Business configuration',
            text: 'address, website, opening hours, business description, assistant name, voice and personality settings, business objectives and the phone number assigned to your assistant.',
          },
          {
            term: 'Connected services',
            text: 'when you connect Google Calendar, Outlook (Microsoft 365), Calendly, Acuity or an e-mail account, we receive access tokens and the availability and event details needed to book appointments. We do not read unrelated e-mails or calendar entries.',
          },
          {
            term: 'Subscription information',
            text: 'your plan, trial dates and billing status, as reported to us by our payment provider.',
          },
          {
            term: 'Usage and device information',
            text: 'IP address, browser type, pages visited, actions taken in the dashboard and error reports, used to operate, secure and improve the service.',
          },
        ),
      ],
    },
    {
      title: 'Call Audio, Transcripts and Caller Data',
      body: [
        p(
          "When a Caller phones or texts an assistant, we process the Caller's phone number, the name and contact details they give, the audio of the call while it lasts, an automatically generated transcript, a recording of the call when the business has turned call recording on, the text messages exchanged and the details of any appointment booked (service, date, time and notes).",
        ),
        p(
          'Calls are transcribed as they happen so the assistant can understand the Caller, and so the business can review its conversations and analytics. Call audio is not recorded unless the business turns call recording on in its dashboard; it is off by default. While it is on, every call starts with the assistant saying "This call may be recorded." (in Spanish too for businesses that serve Spanish-speaking Callers), and our telephony provider (Twilio) records the whole call, the Caller and the assistant on two separate channels. The recording stays with our telephony provider; only the business can play it, in its dashboard, through our service. Customers are responsible for giving any further notice and obtaining any consent required where they operate.',
        ),
        p(
          'We do not sell Caller data, and we do not use recordings, transcripts or messages to train general-purpose AI models offered to others. We may use de-identified, aggregated statistics (for example, average call length) to improve the service.',
        ),
      ],
    },
    {
      title: 'How We Use and Share Information',
      body: [
        p(
          'We use personal information to provide and maintain the service; to book appointments and send confirmations by e-mail and SMS; to run subscriptions and trials; to contact you about your account, security and product changes; to prevent fraud and abuse; and to meet our legal obligations.',
        ),
        p('We share personal information only with:'),
        list(
          {
            term: 'Service providers',
            text: 'that act on our instructions, including our cloud host (Amazon Web Services), our card payment provider (Stripe), telephony and SMS carriers, speech and language AI providers, and e-mail delivery services.',
          },
          {
            term: 'Services you connect',
            text: 'such as Google Calendar or Calendly, to create and update bookings.',
          },
          {
            term: 'Authorities and others',
            text: 'when required by law, or when needed to protect the rights, property or safety of our users, Callers or the public.',
          },
          {
            term: 'A successor',
            text: 'if we are involved in a merger, acquisition or sale of assets, subject to this policy.',
          },
        ),
        p(
          'We do not sell personal information and do not share it for cross-context behavioral advertising.',
        ),
      ],
    },
    {
      title: 'Payment Data',
      body: [
        p(
          "Subscription payments and the deposits or payments collected from Callers are processed by Stripe, our card payment provider, which is certified to PCI DSS Level 1. Card details are entered directly on Stripe's secure payment pages, including the secure link texted to a Caller during a call. Card numbers are never spoken to the assistant.",
        ),
        p(
          `${name} does not receive, store or log full card numbers or security codes. We keep only the limited information Stripe returns to us, such as a payment identifier, amount, currency, status, card brand and the last four digits. Stripe's handling of payment data is governed by its own privacy policy.`,
        ),
      ],
    },
    {
      title: 'Data Retention, Security and Location',
      body: [
        p('We keep personal information only as long as needed for the purposes described above:'),
        list(
          {
            term: 'Account and configuration data',
            text: 'while your account is active and for up to 90 days after it is closed.',
          },
          {
            term: 'Call recordings',
            text: 'only made when the business turns call recording on; kept for the same period as the transcript of the call, then deleted, at our telephony provider too. The business can delete one call’s recording from its call log at any time; erasing a caller deletes their recordings with the rest of their data, and deleting the account deletes every recording.',
          },
          {
            term: 'Transcripts, message logs and booking records',
            text: '12 months by default, so you can review conversations and analytics. The business can shorten this to 90 or 30 days in its dashboard; records older than the chosen period are deleted automatically. The business can also erase everything stored about one caller number at any time, except the record of a STOP request, which we keep so that number is never texted again.',
          },
          {
            term: 'Billing records',
            text: 'as long as tax and accounting law requires, usually 7 years.',
          },
          { term: 'Backups', text: 'overwritten within 35 days.' },
        ),
        p(
          'Data is encrypted in transit (TLS) and at rest, hosted on Amazon Web Services in the United States, and accessible only to personnel who need it to run the service. No system is perfectly secure; if a breach affects your information we will notify you and the authorities as the law requires.',
        ),
        p(
          'If you are in Canada, your information is transferred to and processed in the United States, where it may be accessible to authorities under United States law.',
        ),
      ],
    },
    {
      title: 'Your Rights and How to Contact Us',
      body: [
        p(
          "Depending on where you live, including under the California Consumer Privacy Act and other state privacy laws in the United States, and under PIPEDA and provincial laws such as Quebec's Law 25 in Canada, you may have the right to:",
        ),
        list(
          'know what personal information we hold about you and receive a copy of it;',
          'correct inaccurate information;',
          'ask us to delete your information;',
          'withdraw consent or opt out of certain uses, such as marketing e-mails;',
          'appeal our decision on your request, or complain to your state attorney general or the Office of the Privacy Commissioner of Canada; and',
          'exercise these rights without being treated differently.',
        ),
        p(
          'Callers should first contact the business they called; we will help that business respond. We answer requests within 30 days, or 45 days where the law allows, and may need to verify your identity first. The service is not directed to children under 16 and we do not knowingly collect their information.',
        ),
        p(
          'We may update this policy from time to time. We will post the new version on this page and, for material changes, notify Customers by e-mail before they take effect.',
        ),
        { kind: 'contact', label: 'Privacy questions and requests', email: BRAND.privacyEmail },
      ],
    },
  ],
};

/** The downloadable copy of the terms, served from frontend/public. */
export const TERMS_PDF_PATH = '/terms-of-service.pdf';

export const TERMS_OF_SERVICE: LegalDocument = {
  title: 'Terms of Service',
  lastUpdated: 'November 29, 2026',
  intro: `These Terms of Service govern your use of the ${name} website, dashboard and AI receptionist service. Please read them carefully.`,
  sections: [
    {
      title: 'Acceptance of These Terms',
      body: [
        p(
          `These Terms of Service ("Terms") are an agreement between ${name} ("${name}", "we", "us") and the business that creates an account ("you"). By creating an account, starting a free trial or using the service, you agree to these Terms and to our Privacy Policy. If you accept on behalf of a business, you confirm that you have authority to bind it. If you do not agree, do not use the service.`,
        ),
      ],
    },
    {
      title: 'The Service',
      body: [
        p(
          `${name} provides an AI receptionist that answers phone calls and text messages around the clock, checks availability, books appointments, collects and verifies deposits or payments during the call, and sends confirmations by e-mail and SMS (the "Service").`,
        ),
        p(
          'The Service is available only to businesses located in the United States and Canada. The Service is currently in private beta: access may be limited, new accounts may be placed on a waitlist, and features may change or be withdrawn.',
        ),
        p(
          'The assistant is powered by artificial intelligence and can make mistakes. You are responsible for the information you configure (such as prices, hours and policies) and for reviewing bookings and payments in your dashboard.',
        ),
      ],
    },
    {
      title: 'Accounts',
      body: [
        p(
          'You must be at least 18 years old and able to enter into a contract to use the Service. You agree to give accurate information, keep it up to date and keep your login credentials secure. You are responsible for all activity under your account and must tell us promptly about any unauthorized use. Each account manages one business.',
        ),
      ],
    },
    {
      title: 'Free Trial, Subscriptions and Billing',
      body: [
        p(
          'New accounts may start a 14-day free trial. A valid payment card is required to start the trial. Unless you cancel before the trial ends, your paid subscription starts automatically when the trial ends and your card is charged for the plan you selected.',
        ),
        p(
          'Subscriptions are billed monthly in advance and renew automatically each month until cancelled. Fees do not include taxes, which are added where required. Payments are processed by our card payment provider, Stripe. If a payment fails, we may suspend the Service until the balance is paid.',
        ),
      ],
    },
    {
      title: 'Cancellation, Refunds and Price Changes',
      body: [
        p(
          'You may cancel at any time from your dashboard or by contacting us. Cancellation takes effect at the end of the current billing period, and you keep access until then.',
        ),
        p(
          'Subscriptions are non-refundable. We do not give refunds or credits for partial months, unused features or periods in which the Service was not used, except where the law requires it.',
        ),
        p(
          "We may change our prices. We will give you at least 30 days' notice by e-mail before a price change takes effect. The new price applies from your next billing period after the notice period ends; if you do not agree, you may cancel before then.",
        ),
      ],
    },
    {
      title: 'Acceptable Use and Call Compliance',
      body: [
        p(
          'Call recording is off unless you turn it on. When you do, the assistant tells every Caller at the start of the call that it may be recorded; you are responsible for any further notice or consent the law requires where you and your Callers are (some places require every party to consent).',
        ),
        p(
          'You are responsible for using the Service lawfully, including laws on call recording and consent, telemarketing and text messaging (such as the TCPA and CASL), consumer protection and privacy. You agree not to:',
        ),
        list(
          'use the Service for emergency calls or as a substitute for emergency services;',
          'send spam, unsolicited marketing or automated calls without the required consent;',
          'collect protected health information or other sensitive data the Service is not designed to handle, as the Service is not yet HIPAA compliant;',
          'use the Service for unlawful, deceptive, harassing or infringing content; or',
          'reverse engineer, resell, overload or interfere with the Service or its security.',
        ),
      ],
    },
    {
      title: 'Your Data',
      body: [
        p(
          'You own the data you and your callers provide through the Service, including business information, call recordings, transcripts, messages and booking records ("Customer Data"). You grant us the right to host, process and transmit Customer Data only as needed to provide, secure and improve the Service. We process Callers\' information on your behalf as described in our Privacy Policy, and we may use de-identified, aggregated data to improve the Service.',
        ),
      ],
    },
    {
      title: 'Third-Party Services and Phone Numbers',
      body: [
        p(
          "The Service relies on third-party providers, including Stripe for payments, telephony and SMS carriers, and the calendar services you connect, such as Google Calendar and Calendly. Their own terms apply to your use of them, and we are not responsible for their availability or actions. Deposits and payments collected from callers are settled under the payment provider's terms.",
        ),
        p(
          'Phone numbers assigned to your assistant are provided through our carriers and remain subject to carrier rules. If your account ends, we may release the number 30 days later.',
        ),
      ],
    },
    {
      title: 'Disclaimers and Limitation of Liability',
      body: [
        p(
          'The Service is provided "as is" and "as available". To the fullest extent permitted by law, we disclaim all warranties, express or implied, including merchantability, fitness for a particular purpose and non-infringement, and we do not guarantee any number of calls answered, bookings made or payments collected.',
        ),
        p(
          'To the fullest extent permitted by law, neither party is liable for indirect, incidental, special, consequential or punitive damages, or for lost profits, revenue, bookings or data. Our total liability for all claims arising out of or relating to the Service or these Terms is limited to the fees you paid us in the last 12 months before the event giving rise to the claim.',
        ),
        p(
          'You will indemnify us against third-party claims arising from your Customer Data or your breach of these Terms or of applicable law, including call-recording and messaging laws.',
        ),
      ],
    },
    {
      title: 'Termination, Changes, Governing Law and Contact',
      body: [
        p(
          'We may suspend or terminate your account if you breach these Terms, fail to pay, or if required by law. After termination you may export your data for 30 days, after which it is deleted as described in our Privacy Policy.',
        ),
        p(
          'We may update these Terms. We will post the new version and notify you by e-mail of material changes before they take effect; continuing to use the Service after that means you accept them. These Terms are governed by the laws of the State of Delaware, United States, except where the consumer protection laws of your province or state require otherwise.',
        ),
        { kind: 'contact', label: 'Legal notices and questions', email: BRAND.legalEmail },
      ],
    },
  ],
};
