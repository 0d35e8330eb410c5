import { useState } from 'react';
import {
  API_KEY_NAME_MAX_CHARS,
  API_KEY_SCOPES,
  AUTOMATIONS_TEXTS as TEXTS,
  type ApiKeyScope,
} from '@shared/automations';
import type { ApiKey } from '@shared/schemas/automations';
import { FormField } from '../../components/ui/form-field';
import { ConfirmModal } from '../../components/ui/confirm-modal';
import { copyText } from '../../lib/copy-text';
import { apiKeyRefusal, useApiKeys, useCreateApiKey, useRevokeApiKey } from './hooks/api-keys-queries';
import './api-keys.css';

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
const moment = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The Integrations tab's API keys (docs/decisions/179-api-keys-and-rest-hooks.md): create a named key with a
 * scope (the key is shown once, with a copy button), the list by prefix with created and last-used times,
 * and Revoke behind a confirmation.
 */
export function ApiKeysSection({ userId }: { userId: string }) {
  const list = useApiKeys(userId);
  const create = useCreateApiKey(userId);
  const revoke = useRevokeApiKey(userId);
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read');
  const [shown, setShown] = useState<{ name: string; key: string } | undefined>();
  const [copied, setCopied] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | undefined>();
  const keys = list.data?.keys ?? [];
  const atLimit = list.data ? keys.length >= list.data.limit : false;
  const createFailure = apiKeyRefusal(create.error);
  const revokeFailure = apiKeyRefusal(revoke.error);

  return (
    <section className="card dashboard-panel api-keys" aria-labelledby="api-keys-title">
      <h2 id="api-keys-title">{TEXTS.sectionTitle}</h2>
      <p className="dashboard-muted">{TEXTS.sectionIntro}</p>

      {shown ? (
        <div className="api-key-once" role="status" data-testid="api-key-created">
          <h3>{TEXTS.createdTitle}</h3>
          <p>
            <strong>{TEXTS.keyShownOnce}</strong>
          </p>
          <div className="api-key-once-row">
            <input
              className="api-key-once-value"
              readOnly
              value={shown.key}
              aria-label={`${TEXTS.createdTitle}: ${shown.name}`}
              data-testid="api-key-value"
              onFocus={(event) => event.target.select()}
            />
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => void copyText(shown.key).then(() => setCopied(true))}
            >
              {copied ? TEXTS.copied : TEXTS.copy}
            </button>
          </div>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              setShown(undefined);
              setCopied(false);
            }}
          >
            {TEXTS.done}
          </button>
        </div>
      ) : null}

      <form
        className="api-keys-form"
        onSubmit={(event) => {
          event.preventDefault();
          const trimmed = name.trim();
          if (!trimmed) return;
          create.mutate(
            { name: trimmed, scope },
            {
              onSuccess: (created) => {
                setShown({ name: created.name, key: created.key });
                setCopied(false);
                setName('');
              },
            },
          );
        }}
      >
        <FormField id="api-key-name" label={TEXTS.nameLabel} required>
          <input
            id="api-key-name"
            type="text"
            value={name}
            maxLength={API_KEY_NAME_MAX_CHARS}
            placeholder={TEXTS.namePlaceholder}
            aria-required="true"
            onChange={(event) => setName(event.target.value)}
          />
        </FormField>
        <fieldset className="api-keys-scopes">
          <legend>{TEXTS.scopeLegend}</legend>
          {API_KEY_SCOPES.map((option) => (
            <label key={option} className="api-keys-scope">
              <input
                type="radio"
                name="api-key-scope"
                value={option}
                checked={scope === option}
                onChange={() => setScope(option)}
              />
              <span>
                <strong>{TEXTS.scopeLabels[option]}</strong>
                <span className="dashboard-muted"> — {TEXTS.scopeHints[option]}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {createFailure ? (
          <p className="alert alert-error" role="alert">
            {createFailure}
          </p>
        ) : null}
        <button
          type="submit"
          className="btn btn-primary"
          disabled={create.isPending || !name.trim() || atLimit}
        >
          {create.isPending ? TEXTS.creating : TEXTS.create}
        </button>
        {list.data ? (
          <span className="dashboard-muted api-keys-count">
            {' '}
            {TEXTS.limitNote(keys.length, list.data.limit)}
          </span>
        ) : null}
      </form>

      <h3>{TEXTS.listTitle}</h3>
      {list.isError ? (
        <p className="alert alert-error" role="alert">
          {TEXTS.loadFailed}
        </p>
      ) : null}
      {revokeFailure ? (
        <p className="alert alert-error" role="alert">
          {revokeFailure}
        </p>
      ) : null}
      {list.data && keys.length === 0 ? <p className="dashboard-muted">{TEXTS.empty}</p> : null}
      {keys.length > 0 ? (
        <ul className="dashboard-list" data-testid="api-keys">
          {keys.map((key) => (
            <li key={key.id} data-testid="api-key">
              <div>
                <strong>{key.name}</strong> <code className="api-keys-prefix">{key.prefix}…</code>
                <div className="dashboard-muted">
                  {TEXTS.scopeLabels[key.scope]} · {TEXTS.createdOn} {day(key.created_at)} ·{' '}
                  {key.last_used_at ? `${TEXTS.lastUsed} ${moment(key.last_used_at)}` : TEXTS.neverUsed}
                </div>
              </div>
              <button
                type="button"
                className="btn btn-secondary"
                aria-label={`${TEXTS.revoke} ${key.name}`}
                disabled={revoke.isPending}
                onClick={() => setRevoking(key)}
              >
                {TEXTS.revoke}
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      {revoking ? (
        <ConfirmModal
          title={TEXTS.revokeTitle}
          confirmLabel={TEXTS.revoke}
          cancelLabel={TEXTS.cancel}
          busy={revoke.isPending}
          onConfirm={() => revoke.mutate(revoking.id, { onSettled: () => setRevoking(undefined) })}
          onClose={() => setRevoking(undefined)}
        >
          <p>{TEXTS.revokeConfirm(revoking.name)}</p>
        </ConfirmModal>
      ) : null}
    </section>
  );
}
