import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CALL_RECORDING_TEXTS } from '@shared/call-recordings';
import { ConfirmModal } from '../../../../components/ui/confirm-modal';
import { ApiClientError } from '../../../../lib/api-client';
import { recordingsApi } from '../../api/recordings-api';
import { durationLabel } from '../../call-log-format';

const isMissing = (error: unknown) => error instanceof ApiClientError && error.status === 404;

/**
 * A call's recording in the call detail (docs/decisions/184-call-recordings.md): nothing for a call that was
 * not recorded; a player once the recording is complete. The audio comes through our API with the owner's
 * token and plays from an object URL, revoked when the detail closes. The owner can delete it (after a
 * confirm): the audio goes at the provider, the transcript stays.
 */
export function CallRecordingPlayer({ userId, conversationId }: { userId: string; conversationId: string }) {
  const recording = useQuery({
    queryKey: ['dashboard', 'call-recording', userId, conversationId],
    queryFn: () => recordingsApi.recording(userId, conversationId),
    retry: (failures, error) => !isMissing(error) && failures < 1,
  });
  const completed = recording.data?.status === 'completed';
  const audio = useQuery({
    queryKey: ['dashboard', 'call-recording-audio', userId, conversationId],
    queryFn: () => recordingsApi.audio(userId, conversationId),
    enabled: completed,
    retry: false,
    // The blob is the audio itself: kept while the detail is open, never refetched behind the player.
    staleTime: Infinity,
    gcTime: 0,
  });
  const [url, setUrl] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => recordingsApi.remove(userId, conversationId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ['dashboard', 'call-recording-audio', userId, conversationId] });
    },
  });
  useEffect(() => {
    if (!audio.data) return undefined;
    const objectUrl = URL.createObjectURL(audio.data);
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(undefined);
    };
  }, [audio.data]);

  if (remove.isSuccess)
    return (
      <section className="call-recording" aria-labelledby="call-recording-title" data-testid="call-recording">
        <h3 id="call-recording-title">{CALL_RECORDING_TEXTS.player}</h3>
        <p className="dashboard-muted" role="status">
          {CALL_RECORDING_TEXTS.deleted}
        </p>
      </section>
    );
  if (isMissing(recording.error) || recording.isPending) return null;
  return (
    <section className="call-recording" aria-labelledby="call-recording-title" data-testid="call-recording">
      <h3 id="call-recording-title">
        {CALL_RECORDING_TEXTS.player}
        {recording.data?.duration_seconds !== undefined
          ? ` · ${durationLabel(recording.data.duration_seconds)}`
          : ''}
      </h3>
      {recording.isError || audio.isError ? (
        <p className="alert alert-error" role="alert">
          {CALL_RECORDING_TEXTS.unavailable}
        </p>
      ) : recording.data?.status === 'in-progress' ? (
        <p className="dashboard-muted">{CALL_RECORDING_TEXTS.processing}</p>
      ) : !completed ? (
        <p className="dashboard-muted">{CALL_RECORDING_TEXTS.none}</p>
      ) : url ? (
        <>
          <audio controls preload="metadata" src={url} aria-label={CALL_RECORDING_TEXTS.player} />
          <p className="field-hint">{CALL_RECORDING_TEXTS.playerHint}</p>
          <button
            type="button"
            className="btn btn-secondary call-recording-delete"
            disabled={remove.isPending}
            onClick={() => setConfirming(true)}
          >
            {CALL_RECORDING_TEXTS.deleteButton}
          </button>
          {remove.isError ? (
            <p className="alert alert-error" role="alert">
              {remove.error instanceof ApiClientError && remove.error.status === 409
                ? CALL_RECORDING_TEXTS.stillRecording
                : CALL_RECORDING_TEXTS.deleteFailed}
            </p>
          ) : null}
          {confirming ? (
            <ConfirmModal
              title={CALL_RECORDING_TEXTS.deleteButton}
              confirmLabel={CALL_RECORDING_TEXTS.deleteButton}
              cancelLabel="Keep"
              busy={remove.isPending}
              onConfirm={() => remove.mutate(undefined, { onSettled: () => setConfirming(false) })}
              onClose={() => setConfirming(false)}
            >
              <p>{CALL_RECORDING_TEXTS.deleteConfirm}</p>
            </ConfirmModal>
          ) : null}
        </>
      ) : (
        <p className="dashboard-muted">Loading…</p>
      )}
    </section>
  );
}
