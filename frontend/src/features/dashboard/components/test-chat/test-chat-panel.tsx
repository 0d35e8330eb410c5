import { type FormEvent, type KeyboardEvent, memo, useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { TestChatItem } from '@shared/schemas/test-chat';
import { TEST_CHAT_MAX_CHARS, TEST_CHAT_TEXTS } from '@shared/test-chat';
import { runtimeConfig } from '../../../../lib/runtime-config';
import { assistantFailureText } from '../../api/assistant-failure';
import { testChatApi } from '../../api/test-chat-api';
import './test-chat.css';

type Entry =
  ({ id: number; from: 'owner' } & { text: string }) | ({ id: number; from: 'assistant' } & TestChatItem);

const ACTION_ICONS: Record<string, string> = { ok: '✓', failed: '!' };

/**
 * The owner's test chat (issue 9 §7): the owner writes as a caller, the assistant answers through the same
 * engine as the phone line, and each tool it used shows inline. Says plainly when the local engine (not an
 * AI model) answered.
 */
export const TestChatPanel = memo(function TestChatPanel({
  userId,
  assistantPhone,
}: {
  userId: string;
  assistantPhone?: string;
}) {
  const [entries, setEntries] = useState<Entry[]>([]);
  const [conversationId, setConversationId] = useState<string | undefined>();
  const [engine, setEngine] = useState<'local' | 'openai' | undefined>();
  const [ended, setEnded] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | undefined>();
  const nextId = useRef(0);
  const threadRef = useRef<HTMLOListElement>(null);
  const localPhoneUrl = runtimeConfig().localPhoneUrl;

  const send = useMutation({
    mutationFn: (text: string) =>
      testChatApi.send(userId, { text, ...(conversationId ? { conversation_id: conversationId } : {}) }),
    onSuccess: (result) => {
      setConversationId(result.conversation_id);
      setEngine(result.engine);
      setEnded(result.ended);
      setEntries((current) => [
        ...current,
        ...result.items.map((item) => ({ ...item, id: nextId.current++, from: 'assistant' as const })),
      ]);
    },
    onError: (failure) => setError(assistantFailureText(failure, TEST_CHAT_TEXTS.failed)),
  });

  useEffect(() => {
    const thread = threadRef.current;
    // Reading scrollHeight lays the page out at once: not worth it for an empty thread (the first render).
    if (thread && entries.length > 0) thread.scrollTop = thread.scrollHeight;
  }, [entries, send.isPending]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const text = draft.trim();
    if (!text || send.isPending || ended) return;
    setError(undefined);
    setEntries((current) => [...current, { id: nextId.current++, from: 'owner', text }]);
    setDraft('');
    send.mutate(text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) submit(event);
  };

  const restart = () => {
    setEntries([]);
    setConversationId(undefined);
    setEnded(false);
    setError(undefined);
  };

  return (
    <section className="card dashboard-panel test-chat" aria-labelledby="test-chat-title">
      <div className="test-chat-header">
        <h2 id="test-chat-title">{TEST_CHAT_TEXTS.title}</h2>
        {entries.length > 0 ? (
          <button type="button" className="btn btn-secondary test-chat-new" onClick={restart}>
            {TEST_CHAT_TEXTS.newChat}
          </button>
        ) : null}
      </div>
      <p className="dashboard-muted">{TEST_CHAT_TEXTS.intro}</p>
      {engine ? (
        <p
          className={`test-chat-engine ${engine === 'local' ? 'test-chat-engine-local' : ''}`}
          data-testid="test-chat-engine"
        >
          {engine === 'local' ? TEST_CHAT_TEXTS.localEngine : TEST_CHAT_TEXTS.openaiEngine}
        </p>
      ) : null}
      <ol className="test-chat-thread" ref={threadRef} aria-live="polite" data-testid="test-chat-thread">
        {entries.length === 0 ? <li className="test-chat-empty">{TEST_CHAT_TEXTS.placeholder}</li> : null}
        {entries.map((entry) => (
          <ChatEntry key={entry.id} entry={entry} />
        ))}
        {send.isPending ? (
          <li
            className="test-chat-bubble test-chat-assistant test-chat-typing"
            aria-label="The assistant is typing"
          >
            <span />
            <span />
            <span />
          </li>
        ) : null}
      </ol>
      {error ? (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      ) : null}
      {ended ? <p className="alert alert-info">{TEST_CHAT_TEXTS.ended}</p> : null}
      <form className="test-chat-compose" onSubmit={submit}>
        <label htmlFor="test-chat-input" className="sr-only">
          Message to your assistant
        </label>
        <textarea
          id="test-chat-input"
          rows={1}
          value={draft}
          maxLength={TEST_CHAT_MAX_CHARS}
          placeholder={TEST_CHAT_TEXTS.placeholder}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          disabled={ended}
        />
        <button type="submit" className="btn btn-primary" disabled={!draft.trim() || send.isPending || ended}>
          {TEST_CHAT_TEXTS.send}
        </button>
      </form>
      {localPhoneUrl && assistantPhone ? (
        <p className="dashboard-muted test-chat-phone-link">
          Or text your assistant&apos;s number from the{' '}
          <a
            href={`${localPhoneUrl}?to=${encodeURIComponent(assistantPhone)}`}
            target="_blank"
            rel="noreferrer"
          >
            local phone
          </a>
          .
        </p>
      ) : null}
    </section>
  );
});

function ChatEntry({ entry }: { entry: Entry }) {
  if (entry.from === 'owner') {
    return <li className="test-chat-bubble test-chat-owner">{entry.text}</li>;
  }
  if (entry.type === 'reply') {
    return <li className="test-chat-bubble test-chat-assistant">{entry.text}</li>;
  }
  if (entry.type === 'action') {
    return (
      <li
        className={`test-chat-action ${entry.ok ? '' : 'test-chat-action-failed'}`}
        data-testid="test-chat-action"
      >
        <span aria-hidden="true">{entry.ok ? ACTION_ICONS.ok : ACTION_ICONS.failed}</span> {entry.summary}
      </li>
    );
  }
  if (entry.type === 'transfer') {
    return (
      <li className="test-chat-action" data-testid="test-chat-action">
        <span aria-hidden="true">↗</span> {entry.summary}
      </li>
    );
  }
  return <li className="test-chat-action test-chat-ended">Conversation ended ({entry.reason})</li>;
}
