import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { DASHBOARD_MESSAGES } from '@shared/dashboard-messages';
import { PLAN_TIMINGS } from '@shared/plans';
import type { FeatureEngagementAnswer } from '@shared/feature-engagement';
import { Modal } from '../../../../components/ui/modal';
import { recordFeatureEngagement } from '../../api/dashboard-api';

const CALL_LOGS_FEATURE = {
  feature_type: 'dashboard_feature',
  feature_id: 'call_logs',
  feature_name: 'Call Logs',
  context: { page: 'dashboard', location: 'quick_actions' },
} as const;

/**
 * 'Coming Soon!' for View Call Logs (spec §2): the owner's answer is recorded as interested or declined, and
 * the modal closes itself after the feedback delay (spec §9).
 */
export function CallLogsModal({ onClose }: { onClose: () => void }) {
  const [answered, setAnswered] = useState<FeatureEngagementAnswer | null>(null);
  const record = useMutation({
    mutationFn: (answer: FeatureEngagementAnswer) => recordFeatureEngagement(answer, CALL_LOGS_FEATURE),
    onSuccess: (_, answer) => setAnswered(answer),
  });

  useEffect(() => {
    if (!answered) return;
    const timer = window.setTimeout(onClose, PLAN_TIMINGS.featureFeedbackMs);
    return () => window.clearTimeout(timer);
  }, [answered, onClose]);

  return (
    <Modal
      title={DASHBOARD_MESSAGES.comingSoonTitle}
      onClose={onClose}
      actions={
        answered ? (
          <button type="button" className="btn btn-primary" onClick={onClose}>
            Close
          </button>
        ) : (
          <>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={record.isPending}
              onClick={() => record.mutate('declined')}
            >
              Not now
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={record.isPending}
              onClick={() => record.mutate('interested')}
            >
              Yes, I'm interested
            </button>
          </>
        )
      }
    >
      <div data-testid="call-logs-modal">
        {answered ? (
          <p role="status">
            {answered === 'interested'
              ? "Thanks! We've noted your interest and will let you know when call logs are ready."
              : 'Thanks for letting us know.'}
          </p>
        ) : (
          <p>
            Call logs with the transcript of every conversation, and the recording of every call once you turn
            call recording on, are on their way. Would you like them on your dashboard?
          </p>
        )}
        {record.isError ? (
          <p className="alert alert-error" role="alert">
            {record.error.message}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}
