import { Link } from 'react-router-dom';
import { BRAND } from '@shared/brand';

/** The small mark on narrow screens, the wide logo from the medium breakpoint up (spec §2). */
export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="logo" aria-label={`${BRAND.name} home`}>
      <img className="logo-mark" src="/logo-mark.svg" alt="" width={32} height={32} />
      <img className="logo-wide" src="/logo-wide.svg" alt="" width={132} height={32} />
    </Link>
  );
}
