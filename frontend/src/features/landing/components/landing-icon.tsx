import type { IconName } from '../landing-content';

/** Line icons drawn on a 24×24 grid; decorative, so hidden from assistive technology. */
const PATHS: Record<IconName, string[]> = {
  phone: [
    'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2',
    'M15 3a6 6 0 0 1 6 6',
    'M15 7a2 2 0 0 1 2 2',
  ],
  calendar: [
    'M4 7a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2z',
    'M16 3v4M8 3v4M4 11h16',
    'M9 16l2 2 4-4',
  ],
  card: ['M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z', 'M3 10h18', 'M7 15h3'],
  send: ['M10 14L21 3', 'M21 3l-6.5 18a.55.55 0 0 1-1 0L10 14l-7-3.5a.55.55 0 0 1 0-1z'],
  lock: [
    'M5 13a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2z',
    'M8 11V7a4 4 0 1 1 8 0v4',
    'M12 15v2',
  ],
  stripe: [
    'M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z',
    'M14 9.5c-.5-.6-1.3-1-2.2-1-1.2 0-2 .6-2 1.5 0 2.2 4.4 1.3 4.4 3.6 0 1-.9 1.7-2.2 1.7-1 0-1.9-.4-2.4-1',
  ],
  cloud: ['M7 18a4.5 4.5 0 0 1-.5-9A6 6 0 0 1 18 9.5a4.3 4.3 0 0 1-1 8.5z'],
  shield: ['M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z', 'M9 12l2 2 4-4'],
  badge: ['M12 3a6 6 0 1 1 0 12 6 6 0 0 1 0-12', 'M8.5 14L7 21l5-3 5 3-1.5-7'],
  health: ['M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10', 'M9 11h6M12 8v6'],
};

export function LandingIcon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
