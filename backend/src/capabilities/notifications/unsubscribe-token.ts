import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_EMAIL_KINDS, type NotificationEmailKind } from '@shared/notifications';

/**
 * The unsubscribe link's token: the owner id and the e-mail kind, signed with HMAC-SHA256 under a key derived
 * (HKDF) from the server's TOKEN_ENCRYPTION_KEY, so no sign-in is needed and nobody can forge one for another
 * owner or another kind. It never expires: an old e-mail's link must still work (RFC 8058 expects that).
 */
export type UnsubscribeSubject = { ownerId: string; kind: NotificationEmailKind };

const VERSION = 'u1';

export function createUnsubscribeTokens(masterKey: Buffer) {
  const key = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'ringly-unsubscribe-v1', 32));
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

  return {
    sign({ ownerId, kind }: UnsubscribeSubject): string {
      const payload = `${VERSION}.${kind}.${Buffer.from(ownerId).toString('base64url')}`;
      return `${payload}.${mac(payload)}`;
    },
    /** The subject of a genuine token, else undefined (tampered, truncated, another key, unknown kind). */
    verify(token: string): UnsubscribeSubject | undefined {
      const parts = token.split('.');
      if (parts.length !== 4 || parts[0] !== VERSION) return undefined;
      const [, kind, owner, signature] = parts as [string, string, string, string];
      const expected = Buffer.from(mac(`${VERSION}.${kind}.${owner}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      if (!(NOTIFICATION_EMAIL_KINDS as readonly string[]).includes(kind)) return undefined;
      const ownerId = Buffer.from(owner, 'base64url').toString('utf8');
      return ownerId ? { ownerId, kind: kind as NotificationEmailKind } : undefined;
    },
  };
}
export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
