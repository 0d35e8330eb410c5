import { useId, useState } from 'react';
import { KNOWLEDGE_LIMITS, KNOWLEDGE_TOPICS, type KnowledgeTopic } from '@shared/knowledge-values';
import type { KnowledgeEntry, KnowledgeSuggestion } from '@shared/schemas/knowledge';
import {
  KNOWLEDGE_TOPIC_LABELS,
  KNOWLEDGE_TOPIC_QUESTIONS,
  KNOWLEDGE_UI_TEXTS as T,
} from '@shared/knowledge-texts';
import { FormField } from '../../../components/ui/form-field';
import {
  knowledgeRefusalOf,
  useDeleteKnowledgeEntry,
  useKnowledgeBase,
  useSaveKnowledgeEntry,
  useSuggestKnowledge,
} from '../hooks/knowledge-queries';
import './knowledge.css';

type Draft = { id?: string; topic: KnowledgeTopic; question: string; answer: string };
const EMPTY_DRAFT: Draft = { topic: 'general', question: '', answer: '' };

/**
 * The owner's knowledge base (docs/decisions/181-knowledge-and-honesty.md): entries listed as plain text
 * (React renders text, never HTML), added or edited in one form, and suggested from pasted FAQ text. Used on
 * the dashboard's Knowledge tab and as an optional section of setup step 2. Every control is a plain button:
 * inside the setup wizard's form, none of them submits the step.
 */
export function KnowledgeEditor({ userId, headingLevel = 2 }: { userId: string; headingLevel?: 2 | 3 }) {
  const base = useKnowledgeBase(userId);
  const save = useSaveKnowledgeEntry(userId);
  const remove = useDeleteKnowledgeEntry(userId);
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const ids = useId();
  const entries = base.data?.entries ?? [];
  const failure = knowledgeRefusalOf(save.error ?? remove.error);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const SubHeading = headingLevel === 2 ? 'h3' : 'h4';
  const full = entries.length >= KNOWLEDGE_LIMITS.entries && !draft.id;

  const submit = () => {
    save.mutate(
      {
        ...(draft.id ? { id: draft.id } : {}),
        entry: { topic: draft.topic, question: draft.question, answer: draft.answer },
      },
      { onSuccess: () => setDraft(EMPTY_DRAFT) },
    );
  };
  const chooseTopic = (topic: KnowledgeTopic) =>
    setDraft((current) => ({
      ...current,
      topic,
      // A policy comes with its usual question; the owner's own wording is kept.
      question:
        !current.question.trim() || Object.values(KNOWLEDGE_TOPIC_QUESTIONS).includes(current.question)
          ? KNOWLEDGE_TOPIC_QUESTIONS[topic]
          : current.question,
    }));

  return (
    <section className="knowledge-editor" aria-labelledby={`${ids}-title`} data-testid="knowledge-editor">
      <Heading id={`${ids}-title`}>{T.title}</Heading>
      <p className="dashboard-muted">{T.intro}</p>
      <p className="dashboard-muted knowledge-honesty">{T.honesty}</p>
      <ErrorAlert text={base.isError ? T.loadFailed : undefined} />
      {base.data ? (
        <p className="knowledge-count" data-testid="knowledge-count">
          {T.count(entries.length, base.data.limits.entries)}
        </p>
      ) : null}
      {base.data && entries.length === 0 ? <p className="dashboard-muted">{T.empty}</p> : null}
      {entries.length > 0 ? (
        <ul className="knowledge-list" data-testid="knowledge-entries">
          {entries.map((entry: KnowledgeEntry) => (
            <li key={entry.id} className="knowledge-entry" data-testid="knowledge-entry">
              <EntryText entry={entry} />
              <div className="knowledge-entry-actions">
                <button
                  type="button"
                  className="btn btn-secondary"
                  aria-label={`${T.edit}: ${entry.question}`}
                  onClick={() =>
                    setDraft({
                      id: entry.id,
                      topic: entry.topic,
                      question: entry.question,
                      answer: entry.answer,
                    })
                  }
                >
                  {T.edit}
                </button>
                <button
                  type="button"
                  className="btn btn-secondary"
                  aria-label={`${T.delete}: ${entry.question}`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(entry.id)}
                >
                  {T.delete}
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}

      <div className="knowledge-form" role="group" aria-labelledby={`${ids}-form-title`}>
        <SubHeading id={`${ids}-form-title`}>{draft.id ? T.editTitle : T.addTitle}</SubHeading>
        <ErrorAlert text={failure} />
        <FormField id={`${ids}-topic`} label={T.topic}>
          <select
            id={`${ids}-topic`}
            value={draft.topic}
            onChange={(event) => chooseTopic(event.target.value as KnowledgeTopic)}
          >
            {KNOWLEDGE_TOPICS.map((topic) => (
              <option key={topic} value={topic}>
                {KNOWLEDGE_TOPIC_LABELS[topic]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          id={`${ids}-question`}
          label={T.question}
          hint={T.chars(draft.question.length, KNOWLEDGE_LIMITS.questionChars)}
        >
          <input
            id={`${ids}-question`}
            maxLength={KNOWLEDGE_LIMITS.questionChars}
            value={draft.question}
            placeholder="e.g. Is there parking?"
            onChange={(event) => setDraft({ ...draft, question: event.target.value })}
          />
        </FormField>
        <FormField
          id={`${ids}-answer`}
          label={T.answer}
          hint={T.chars(draft.answer.length, KNOWLEDGE_LIMITS.answerChars)}
        >
          <textarea
            id={`${ids}-answer`}
            rows={3}
            maxLength={KNOWLEDGE_LIMITS.answerChars}
            value={draft.answer}
            placeholder="e.g. Free parking in the lot behind the building."
            onChange={(event) => setDraft({ ...draft, answer: event.target.value })}
          />
        </FormField>
        <div className="row-end">
          {draft.id ? (
            <button type="button" className="btn btn-secondary" onClick={() => setDraft(EMPTY_DRAFT)}>
              {T.cancel}
            </button>
          ) : null}
          <button
            type="button"
            className="btn btn-primary"
            disabled={save.isPending || full || !draft.question.trim() || !draft.answer.trim()}
            onClick={submit}
          >
            {draft.id ? (save.isPending ? T.saving : T.save) : save.isPending ? T.adding : T.add}
          </button>
        </div>
      </div>
      <PasteSuggestions
        userId={userId}
        headingId={`${ids}-paste-title`}
        SubHeading={SubHeading}
        onAdd={(suggestion) => save.mutateAsync({ entry: suggestion })}
      />
    </section>
  );
}

/** Pasted FAQ text → suggested entries; each is stored only when the owner adds it. */
function PasteSuggestions({
  userId,
  headingId,
  SubHeading,
  onAdd,
}: {
  userId: string;
  headingId: string;
  SubHeading: 'h3' | 'h4';
  onAdd: (suggestion: KnowledgeSuggestion) => Promise<unknown>;
}) {
  const suggest = useSuggestKnowledge(userId);
  const [text, setText] = useState('');
  const [added, setAdded] = useState<number[]>([]);
  const suggestions = suggest.data?.suggestions ?? [];
  const failure = knowledgeRefusalOf(suggest.error);
  return (
    <details className="knowledge-paste">
      <summary>
        <SubHeading id={headingId} className="knowledge-paste-title">
          {T.pasteTitle}
        </SubHeading>
      </summary>
      <p className="dashboard-muted">{T.pasteIntro}</p>
      <FormField
        id={`${headingId}-text`}
        label={T.pasteLabel}
        hint={T.chars(text.length, KNOWLEDGE_LIMITS.pastedChars)}
      >
        <textarea
          id={`${headingId}-text`}
          rows={6}
          maxLength={KNOWLEDGE_LIMITS.pastedChars}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </FormField>
      <ErrorAlert text={failure} />
      <div className="row-end">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={suggest.isPending || !text.trim()}
          onClick={() => {
            setAdded([]);
            suggest.mutate(text);
          }}
        >
          {suggest.isPending ? T.suggesting : T.suggest}
        </button>
      </div>
      {suggest.isSuccess && suggestions.length === 0 ? (
        <p className="dashboard-muted">{T.noSuggestions}</p>
      ) : null}
      {suggestions.length > 0 ? (
        <ul className="knowledge-list" data-testid="knowledge-suggestions">
          {suggestions.map((suggestion, index) =>
            added.includes(index) ? null : (
              <li key={`${index}-${suggestion.question}`} className="knowledge-entry">
                <EntryText entry={suggestion} />
                <div className="knowledge-entry-actions">
                  <button
                    type="button"
                    className="btn btn-secondary"
                    aria-label={`${T.addSuggestion}: ${suggestion.question}`}
                    onClick={() =>
                      void onAdd(suggestion).then(
                        () => setAdded((list) => [...list, index]),
                        () => {},
                      )
                    }
                  >
                    {T.addSuggestion}
                  </button>
                </div>
              </li>
            ),
          )}
        </ul>
      ) : null}
    </details>
  );
}

/** An entry or a suggestion as plain text: React renders the owner's words as text, never as HTML. */
function EntryText({ entry }: { entry: KnowledgeSuggestion }) {
  return (
    <div className="knowledge-entry-text">
      <span className="knowledge-topic">{KNOWLEDGE_TOPIC_LABELS[entry.topic]}</span>
      <strong className="knowledge-question">{entry.question}</strong>
      <p className="knowledge-answer">{entry.answer}</p>
    </div>
  );
}

function ErrorAlert({ text }: { text: string | undefined }) {
  return text ? (
    <p className="alert alert-error" role="alert">
      {text}
    </p>
  ) : null;
}
