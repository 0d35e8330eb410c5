import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CALENDAR_FEED_CONFIRMATIONS, CALENDAR_FEED_MESSAGES, CALENDAR_MESSAGES } from '@shared/calendar';
import type { CalendarFeed } from '@shared/schemas/calendar';
import { Modal } from '../../../../components/ui/modal';
import { ApiClientError } from '../../../../lib/api-client';
import { copyText } from '../../../../lib/copy-text';
import { isSubscriptionRequired } from '../../../../components/billing/subscription-status';
import { SubscriptionGateNotice } from '../../../../components/billing/subscription-gate-notice';
import {
  createBotCalendar,
  loadCalendarFeed,
  revokeCalendarFeed,
  rotateCalendarFeed,
  shareBotCalendar,
} from '../../api/setup-api';

type Notice = { tone: 'success' | 'error'; text: string } | null;

const errorDetail = (error: unknown) =>
  error instanceof ApiClientError
    ? (error.serverError ?? error.message)
    : error instanceof Error
      ? error.message
      : String(error);

const since = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }) : '';

/**
 * The Business Calendar's private subscription link (issue 12 §2): Share creates it and e-mails it, then
 * the link can be copied, rotated (the old one stops working) or revoked. The link is shown only when it is
 * created: the server keeps only its hash.
 */
export function CalendarFeedPanel({
  userId,
  email,
  phone,
  businessName,
  onCalendarReady,
}: {
  userId: string;
  email: string | undefined;
  phone: string | undefined;
  businessName: string;
  onCalendarReady: () => void;
}) {
  const queryClient = useQueryClient();
  const feedKey = ['calendar-feed', userId];
  const feed = useQuery({ queryKey: feedKey, queryFn: () => loadCalendarFeed(userId), retry: 0 });
  const [shownUrl, setShownUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState<'share' | 'rotate' | 'revoke' | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [needsPlan, setNeedsPlan] = useState(false);
  const [copied, setCopied] = useState(false);
  // Rotating or revoking breaks every calendar subscribed to the live link: the owner confirms first.
  const [confirming, setConfirming] = useState<'rotate' | 'revoke' | null>(null);

  const show = (state: CalendarFeed) => {
    queryClient.setQueryData(feedKey, { active: state.active, created_at: state.created_at });
    setShownUrl(state.url ?? null);
    setCopied(false);
  };

  const run = async (kind: 'share' | 'rotate' | 'revoke', action: () => Promise<void>) => {
    setBusy(kind);
    setNotice(null);
    try {
      await action();
    } catch (error) {
      setNeedsPlan(isSubscriptionRequired(error));
      const detail = errorDetail(error);
      setNotice({ tone: 'error', text: kind === 'share' ? CALENDAR_MESSAGES.errorSharing(detail) : detail });
      void feed.refetch();
    } finally {
      setBusy(null);
    }
  };

  const share = () => {
    if (!email) return setNotice({ tone: 'error', text: CALENDAR_MESSAGES.userEmailNotFound });
    if (!phone) return setNotice({ tone: 'error', text: CALENDAR_MESSAGES.assistantPhoneNotConfigured });
    return run('share', async () => {
      await createBotCalendar(userId, phone, businessName);
      onCalendarReady();
      const result = await shareBotCalendar(userId, email, phone);
      if (result.feed) show(result.feed);
      setNotice(
        result.success
          ? { tone: 'success', text: result.message || CALENDAR_MESSAGES.calendarShared }
          : { tone: 'error', text: CALENDAR_MESSAGES.failedToShare },
      );
    });
  };

  const rotate = () =>
    run('rotate', async () => {
      show(await rotateCalendarFeed(userId));
      setNotice({ tone: 'success', text: CALENDAR_FEED_MESSAGES.rotated });
    });

  const revoke = () =>
    run('revoke', async () => {
      show(await revokeCalendarFeed(userId));
      setNotice({ tone: 'success', text: CALENDAR_FEED_MESSAGES.revoked });
    });

  const live = feed.data?.active ?? false;
  return (
    <div className="calendar-feed" data-testid="calendar-feed">
      {/* A share e-mails the link: it needs a plan (the API answers 402 without one). */}
      <SubscriptionGateNotice returnPath="/setup" force={needsPlan} />
      {notice ? (
        <div className={`alert alert-${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </div>
      ) : null}
      {feed.isPending ? <p className="muted small">Loading...</p> : null}
      {feed.isError ? (
        <div className="alert alert-error" role="alert">
          {errorDetail(feed.error)}
        </div>
      ) : null}

      {!feed.isPending && !live ? (
        <>
          <p className="muted small" data-testid="calendar-feed-state">
            No private link is live. Share one with yourself: any calendar app (Google, Apple, Outlook) can
            subscribe to it.
          </p>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={busy !== null}
            onClick={() => void share()}
          >
            {busy === 'share' ? 'Sharing...' : `Share with ${email || 'me'}`}
          </button>
        </>
      ) : null}

      {live ? (
        <>
          <p className="small" data-testid="calendar-feed-state">
            <span className="badge badge-green">Link live</span> since {since(feed.data?.created_at ?? null)}
          </p>
          {shownUrl ? (
            <div className="calendar-feed-link">
              <input
                className="input"
                readOnly
                aria-label="Private calendar link"
                value={shownUrl}
                onFocus={(event) => event.currentTarget.select()}
              />
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => void copyText(shownUrl).then(() => setCopied(true))}
              >
                {copied ? 'Copied!' : 'Copy link'}
              </button>
            </div>
          ) : (
            <p className="muted small">{CALENDAR_FEED_MESSAGES.shownOnce}</p>
          )}
          {copied ? (
            <p className="muted small" role="status">
              {CALENDAR_FEED_MESSAGES.copied}
            </p>
          ) : null}
          <p className="muted small">
            Keep it private: anyone with the link can see your bookings (times, services and first names).
          </p>
          <div className="calendar-feed-actions">
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy !== null}
              onClick={() => setConfirming('rotate')}
            >
              {busy === 'rotate' ? 'Rotating...' : 'Rotate link'}
            </button>
            <button
              type="button"
              className="btn btn-danger"
              disabled={busy !== null}
              onClick={() => setConfirming('revoke')}
            >
              {busy === 'revoke' ? 'Revoking...' : 'Revoke link'}
            </button>
          </div>
        </>
      ) : null}
      {confirming ? (
        <Modal
          title={CALENDAR_FEED_CONFIRMATIONS[confirming].title}
          onClose={() => setConfirming(null)}
          actions={
            <>
              <button type="button" className="btn btn-secondary" onClick={() => setConfirming(null)}>
                Cancel
              </button>
              <button
                type="button"
                className={confirming === 'revoke' ? 'btn btn-danger' : 'btn btn-primary'}
                onClick={() => {
                  const action = confirming === 'revoke' ? revoke : rotate;
                  setConfirming(null);
                  void action();
                }}
              >
                {CALENDAR_FEED_CONFIRMATIONS[confirming].confirm}
              </button>
            </>
          }
        >
          <p>{CALENDAR_FEED_CONFIRMATIONS[confirming].body}</p>
        </Modal>
      ) : null}
    </div>
  );
}
