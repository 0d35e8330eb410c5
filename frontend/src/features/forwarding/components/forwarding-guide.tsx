import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  FORWARDING_KIND_LABELS,
  FORWARDING_TABLE,
  FORWARDING_TEXTS,
  forwardingGuide,
  type ForwardingStep,
} from '@shared/forwarding';
import {
  FORWARDING_CARRIERS,
  FORWARDING_KINDS,
  type ForwardingCarrier,
  type ForwardingKind,
} from '@shared/forwarding-kinds';
import { copyText } from '../../../lib/copy-text';
import { forwardingApi } from '../api/forwarding-api';
import { forwardingQueryKey, useForwarding } from '../hooks/forwarding-query';
import { ForwardingStatusLine } from './forwarding-status-line';
import './forwarding.css';

/** One step: its words, and its code with a Copy button when it has one. */
function StepItem({ step, index }: { step: ForwardingStep; index: number }) {
  const [copied, setCopied] = useState(false);
  return (
    <li>
      <span>{step.text}</span>
      {step.code !== undefined ? (
        <span className="forwarding-code-row">
          <code className="forwarding-code" data-testid="forwarding-code">
            {step.code}
          </code>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            data-testid={`forwarding-copy-${index}`}
            onClick={() =>
              void copyText(step.code!).then(() => {
                setCopied(true);
                window.setTimeout(() => setCopied(false), 2000);
              })
            }
          >
            {copied ? FORWARDING_TEXTS.copied : FORWARDING_TEXTS.copy}
          </button>
        </span>
      ) : null}
    </li>
  );
}

/**
 * "Forward your existing number" (docs/decisions/172-forwarding.md): the owner picks their phone service and
 * when calls should go to the assistant, and reads the exact codes or steps with the assistant number filled
 * in. The choice is saved so the guide reopens on it. Verify asks them to call their own business number:
 * the forwarded call, seen by the voice webhook, is what marks forwarding verified, shown here as it lands.
 */
export function ForwardingGuide({
  userId,
  assistantPhone,
  businessPhone,
  timeZone,
}: {
  userId: string;
  assistantPhone: string | undefined;
  businessPhone: string | undefined;
  timeZone?: string;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const forwarding = useForwarding(userId);
  const [picked, setPicked] = useState<{ carrier?: ForwardingCarrier; kind?: ForwardingKind }>({});
  const [saveError, setSaveError] = useState('');
  const carrier = picked.carrier ?? forwarding.data?.carrier ?? 'att';
  const kind = picked.kind ?? forwarding.data?.kind ?? 'always';
  const guide = assistantPhone ? forwardingGuide(carrier, kind, assistantPhone) : undefined;

  const choose = (next: { carrier: ForwardingCarrier; kind: ForwardingKind }) => {
    setPicked(next);
    setSaveError('');
    forwardingApi
      .saveChoice(userId, next)
      .then((status) => queryClient.setQueryData(forwardingQueryKey(userId), status))
      .catch(() => setSaveError(FORWARDING_TEXTS.saveFailed));
  };

  return (
    <section className="forwarding-guide" aria-labelledby={`${id}-title`} data-testid="forwarding-guide">
      <h3 id={`${id}-title`}>{FORWARDING_TEXTS.guideTitle}</h3>
      <p className="muted">{FORWARDING_TEXTS.guideIntro}</p>
      {!guide ? (
        <p className="alert alert-info">{FORWARDING_TEXTS.noAssistantNumber}</p>
      ) : (
        <>
          <div className="forwarding-choices">
            <div className="field">
              <label htmlFor={`${id}-carrier`}>{FORWARDING_TEXTS.carrierLabel}</label>
              <select
                id={`${id}-carrier`}
                data-testid="forwarding-carrier"
                value={carrier}
                onChange={(event) => choose({ carrier: event.target.value as ForwardingCarrier, kind })}
              >
                {FORWARDING_CARRIERS.map((c) => (
                  <option key={c} value={c}>
                    {FORWARDING_TABLE[c].label}
                  </option>
                ))}
              </select>
            </div>
            <fieldset className="field forwarding-kinds">
              <legend>{FORWARDING_TEXTS.kindLabel}</legend>
              {FORWARDING_KINDS.map((k) => (
                <label key={k} className="forwarding-kind">
                  <input
                    type="radio"
                    name={`${id}-kind`}
                    value={k}
                    data-testid={`forwarding-kind-${k}`}
                    checked={kind === k}
                    onChange={() => choose({ carrier, kind: k })}
                  />
                  {FORWARDING_KIND_LABELS[k]}
                </label>
              ))}
            </fieldset>
          </div>
          {saveError ? (
            <p className="alert alert-error" role="alert">
              {saveError}
            </p>
          ) : null}
          <ol className="forwarding-steps" data-testid="forwarding-steps">
            {guide.steps.map((step, index) => (
              <StepItem key={`${carrier}-${kind}-${index}`} step={step} index={index} />
            ))}
          </ol>
          <p className="muted small">{FORWARDING_TEXTS.cancelTitle}:</p>
          <ul className="forwarding-cancel">
            {guide.cancel.map((step, index) => (
              <li key={index}>
                {step.text} {step.code ? <code className="forwarding-code">{step.code}</code> : null}
              </li>
            ))}
          </ul>
          <p className="muted small forwarding-source">Source: {guide.source}</p>
        </>
      )}
      <div className="forwarding-verify" data-testid="forwarding-verify">
        <h4>{FORWARDING_TEXTS.verifyTitle}</h4>
        <p>{FORWARDING_TEXTS.verifyText(businessPhone)}</p>
        {kind === 'conditional' ? <p className="muted small">{FORWARDING_TEXTS.verifyConditional}</p> : null}
        {forwarding.data ? (
          <ForwardingStatusLine status={forwarding.data} {...(timeZone ? { timeZone } : {})} />
        ) : null}
      </div>
    </section>
  );
}
