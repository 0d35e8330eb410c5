import { useState, type FormEvent } from 'react';
import { WEBHOOK_EVENTS, type WebhookEvent } from '@shared/webhooks';
import type { WebhookDelivery, WebhookEndpoint } from '@shared/schemas/webhook-endpoints';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_UI_TEXTS as T } from '@shared/webhooks';
import { copyText } from '../../../lib/copy-text';
import {
  refusalOf,
  useCreateEndpoint,
  useDeleteEndpoint,
  useDeliveries,
  useRotateSecret,
  useSendNow,
  useSetEnabled,
  useWebhookEndpoints,
} from '../hooks/webhooks-queries';
import './integrations.css';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** A new or rotated secret: shown once, with Copy, until the owner says Done. */
function SecretOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="alert alert-info webhook-secret" role="status" data-testid="webhook-secret">
      <strong>{T.secretTitle}</strong>
      <p>{T.secretNote}</p>
      <code aria-label={T.secretTitle}>{secret}</code>
      <div className="webhook-actions">
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => void copyText(secret).then(() => setCopied(true))}
        >
          {copied ? T.copied : T.copy}
        </button>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          {T.done}
        </button>
      </div>
    </div>
  );
}

function AddEndpointForm({ userId, onSecret }: { userId: string; onSecret: (secret: string) => void }) {
  const create = useCreateEndpoint(userId);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['appointment.booked', 'conversation.completed']);
  const toggle = (event: WebhookEvent) =>
    setEvents((chosen) => (chosen.includes(event) ? chosen.filter((e) => e !== event) : [...chosen, event]));
  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: ({ secret }) => {
          setUrl('');
          onSecret(secret);
        },
      },
    );
  };
  const failure = refusalOf(create.error);
  return (
    <form className="webhook-add" onSubmit={submit} aria-labelledby="webhook-add-title">
      <h3 id="webhook-add-title">{T.addTitle}</h3>
      <div className="field">
        <label htmlFor="webhook-url">{T.urlLabel}</label>
        <input
          id="webhook-url"
          type="url"
          required
          inputMode="url"
          placeholder="https://hooks.example.com/ringly"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          aria-describedby="webhook-url-hint"
        />
        <p id="webhook-url-hint" className="field-hint">
          {T.urlHint}
        </p>
      </div>
      <fieldset className="webhook-events">
        <legend>{T.eventsLegend}</legend>
        {WEBHOOK_EVENTS.map((event) => (
          <label key={event} className="webhook-event">
            <input type="checkbox" checked={events.includes(event)} onChange={() => toggle(event)} />
            <span>
              {WEBHOOK_EVENT_LABELS[event]} <code>{event}</code>
            </span>
          </label>
        ))}
      </fieldset>
      {failure ? (
        <p className="alert alert-error" role="alert">
          {failure}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={create.isPending || events.length === 0}>
        {T.add}
      </button>
    </form>
  );
}

function statusLabel(delivery: WebhookDelivery) {
  const name = { pending: 'Retrying', delivered: 'Delivered', failed: 'Failed', skipped: 'Skipped' };
  return name[delivery.status];
}

function DeliveryLog({ userId, endpointId }: { userId: string; endpointId: string }) {
  const log = useDeliveries(userId, endpointId);
  const send = useSendNow(userId, endpointId);
  const deliveries = log.data?.deliveries ?? [];
  const failure = refusalOf(send.error) ?? (log.isError ? refusalOf(log.error) : undefined);
  return (
    <div className="webhook-log">
      <div className="webhook-log-head">
        <h4>{T.deliveries}</h4>
        <button type="button" className="btn btn-link" onClick={() => void log.refetch()}>
          {T.refresh}
        </button>
      </div>
      {failure ? (
        <p className="alert alert-error" role="alert">
          {failure}
        </p>
      ) : null}
      {log.data && deliveries.length === 0 ? <p className="dashboard-muted">{T.noDeliveries}</p> : null}
      {deliveries.length > 0 ? (
        <table className="webhook-log-table" data-testid="webhook-deliveries">
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts</th>
              <th scope="col">Response</th>
              <th scope="col">Latency</th>
              <th scope="col">Created</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {deliveries.map((delivery) => (
              <tr key={delivery.id} data-testid="webhook-delivery">
                <td>
                  <code>{delivery.event_type}</code>
                  {delivery.test ? <span className="webhook-tag">test</span> : null}
                  {delivery.replay_of ? <span className="webhook-tag">replay</span> : null}
                </td>
                <td className={`webhook-status webhook-status-${delivery.status}`}>
                  {statusLabel(delivery)}
                </td>
                <td data-testid="webhook-attempts">{delivery.attempts}</td>
                <td title={delivery.error ?? delivery.response_excerpt ?? undefined}>
                  {delivery.response_code ?? (delivery.error ? 'No answer' : '—')}
                </td>
                <td>{delivery.latency_ms === null ? '—' : `${delivery.latency_ms} ms`}</td>
                <td>{when(delivery.created_at)}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn-secondary"
                    disabled={send.isPending}
                    aria-label={`${T.replay} ${delivery.event_type} of ${when(delivery.created_at)}`}
                    onClick={() => send.mutate({ replay: delivery.id })}
                  >
                    {T.replay}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

function EndpointItem({
  userId,
  endpoint,
  onSecret,
}: {
  userId: string;
  endpoint: WebhookEndpoint;
  onSecret: (secret: string) => void;
}) {
  const [showLog, setShowLog] = useState(false);
  const rotate = useRotateSecret(userId);
  const remove = useDeleteEndpoint(userId);
  const enable = useSetEnabled(userId);
  const send = useSendNow(userId, endpoint.id);
  const failure = refusalOf(rotate.error ?? remove.error ?? enable.error ?? send.error);
  const state = !endpoint.enabled ? T.disabled : endpoint.status === 'failing' ? T.failing : T.active;
  return (
    <li className="webhook-endpoint" data-testid="webhook-endpoint">
      <div className="webhook-endpoint-head">
        <div>
          <h3 className="webhook-url">{endpoint.url}</h3>
          <span className={`webhook-badge webhook-badge-${endpoint.enabled ? endpoint.status : 'paused'}`}>
            {state}
          </span>
          <div className="dashboard-muted">{endpoint.events.join(', ')}</div>
        </div>
        <label className="webhook-enabled">
          <input
            type="checkbox"
            checked={endpoint.enabled}
            disabled={enable.isPending}
            onChange={(e) => enable.mutate({ id: endpoint.id, enabled: e.target.checked })}
          />
          {T.sending}
        </label>
      </div>
      {endpoint.status === 'failing' ? (
        <p className="alert alert-error" role="alert">
          {T.failingNote}
        </p>
      ) : null}
      {endpoint.previous_secret_expires_at ? (
        <p className="dashboard-muted">{T.rotatedNote(when(endpoint.previous_secret_expires_at))}</p>
      ) : null}
      {failure ? (
        <p className="alert alert-error" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="webhook-actions">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={send.isPending}
          onClick={() => send.mutate({}, { onSuccess: () => setShowLog(true) })}
        >
          {T.testSend}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => setShowLog((shown) => !shown)}>
          {showLog ? T.hideDeliveries : T.deliveries}
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={rotate.isPending}
          onClick={() => rotate.mutate(endpoint.id, { onSuccess: ({ secret }) => onSecret(secret) })}
        >
          {T.rotate}
        </button>
        <button
          type="button"
          className="btn btn-danger"
          disabled={remove.isPending}
          onClick={() => {
            if (window.confirm(T.confirmRemove)) remove.mutate(endpoint.id);
          }}
        >
          {T.remove}
        </button>
      </div>
      {showLog ? <DeliveryLog userId={userId} endpointId={endpoint.id} /> : null}
    </li>
  );
}

/**
 * The owner's webhook endpoints (docs/decisions/178-outbound-webhooks.md): the list with each one's state,
 * test send, rotate, delete and delivery log with Replay; the add form; a new secret shown once.
 */
export function WebhooksSection({ userId }: { userId: string }) {
  const list = useWebhookEndpoints(userId);
  const [secret, setSecret] = useState<string | null>(null);
  const endpoints = list.data?.endpoints ?? [];
  return (
    <section className="card dashboard-panel webhooks" aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">{T.title}</h2>
      <p className="dashboard-muted">{T.intro}</p>
      {list.isError ? (
        <p className="alert alert-error" role="alert">
          {T.loadFailed}
        </p>
      ) : null}
      {secret ? <SecretOnce secret={secret} onDone={() => setSecret(null)} /> : null}
      {list.data && endpoints.length === 0 ? <p className="dashboard-muted">{T.empty}</p> : null}
      {endpoints.length > 0 ? (
        <ul className="webhook-endpoints">
          {endpoints.map((endpoint) => (
            <EndpointItem key={endpoint.id} userId={userId} endpoint={endpoint} onSecret={setSecret} />
          ))}
        </ul>
      ) : null}
      {list.data && endpoints.length < list.data.limit ? (
        <AddEndpointForm userId={userId} onSecret={setSecret} />
      ) : null}
    </section>
  );
}
