import { isSocialUsername } from '@shared/identity';
import type { AuthUser } from '../api/auth-user';

/** E-mail/password owners need a verified e-mail for protected screens; social users are exempt (spec §6). */
export const hasVerifiedAccess = (user: AuthUser): boolean =>
  isSocialUsername(user.username) || user.attributes.email_verified === 'true';
