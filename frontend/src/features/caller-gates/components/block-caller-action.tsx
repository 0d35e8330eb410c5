import { useState, type FormEvent } from 'react';
import { BLOCK_REASON_MAX_CHARS, CALLER_GATES_TEXTS } from '@shared/caller-gates';
import { isPhone } from '@shared/phone/phone-number';
import { Modal } from '../../../components/ui/modal';
import { refusalOf, useBlockedNumbers, useBlockNumber } from '../hooks/caller-gates-queries';
import './caller-gates.css';

/**
 * "Block this number" in a conversation's detail (docs/decisions/176): asks for a reason, then blocks; a
 * number already blocked says so. Not offered for a withheld number or the owner's own test chats.
 */
export function BlockCallerAction({ userId, caller }: { userId: string; caller: string }) {
  const list = useBlockedNumbers(userId);
  const block = useBlockNumber(userId);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  if (!isPhone(caller, 'possible')) return null;
  const blocked = list.data?.numbers.some((entry) => entry.number === caller) ?? false;
  const failure = refusalOf(block.error);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    block.mutate(
      { number: caller, reason: reason.trim() },
      {
        onSuccess: () => {
          setAsking(false);
          setReason('');
        },
      },
    );
  };

  if (blocked)
    return (
      <span className="call-log-outcome blocked-caller-badge" data-testid="caller-blocked">
        {CALLER_GATES_TEXTS.blocked}
      </span>
    );
  return (
    <>
      <button
        type="button"
        className="btn btn-secondary"
        data-testid="block-caller"
        onClick={() => {
          block.reset();
          setAsking(true);
        }}
      >
        {CALLER_GATES_TEXTS.blockAction}
      </button>
      {asking ? (
        <Modal
          title={CALLER_GATES_TEXTS.blockAction}
          onClose={() => setAsking(false)}
          actions={
            <>
              <button type="button" className="btn btn-secondary" onClick={() => setAsking(false)}>
                {CALLER_GATES_TEXTS.cancel}
              </button>
              <button
                type="button"
                className="btn btn-danger"
                data-testid="block-caller-confirm"
                disabled={block.isPending}
                onClick={() => submit()}
              >
                {CALLER_GATES_TEXTS.blockConfirm}
              </button>
            </>
          }
        >
          <form onSubmit={submit}>
            <p>{CALLER_GATES_TEXTS.blockIntro}</p>
            <div className="field">
              <label htmlFor="block-reason">{CALLER_GATES_TEXTS.blockReasonLabel}</label>
              <input
                id="block-reason"
                data-testid="block-reason"
                value={reason}
                maxLength={BLOCK_REASON_MAX_CHARS}
                onChange={(e) => setReason(e.target.value)}
              />
            </div>
            {failure ? (
              <p className="alert alert-error" role="alert">
                {failure}
              </p>
            ) : null}
          </form>
        </Modal>
      ) : null}
    </>
  );
}
