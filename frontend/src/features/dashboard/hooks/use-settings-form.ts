import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';

/** What a form's check gives: the value to save, or one message per field that is wrong. */
export type FormCheck<Input, Errors> = { ok: true; value: Input } | { ok: false; errors: Errors };

/**
 * A dashboard settings form saved as a whole (notifications, reminders): it starts from what is stored once
 * that has loaded, any edit clears the last "saved", and saving first runs the form's check (loaded on demand,
 * so `check` hands a failed load's message to `report` and gives undefined).
 */
export function useSettingsForm<Stored, Draft, Input, Errors extends object>(options: {
  queryKey: QueryKey;
  load: () => Promise<Stored>;
  save: (input: Input) => Promise<Stored>;
  toDraft: (stored: Stored) => Draft;
  check: (
    report: (message: string) => void,
  ) => Promise<((draft: Draft) => FormCheck<Input, Errors>) | undefined>;
}) {
  const queryClient = useQueryClient();
  const stored = useQuery({ queryKey: options.queryKey, queryFn: options.load });
  const [draft, setDraft] = useState<Draft | undefined>();
  const [errors, setErrors] = useState<Partial<Errors>>({});
  const [saved, setSaved] = useState(false);
  const [checkFailed, setCheckFailed] = useState<string>();
  const { toDraft } = options;

  useEffect(() => {
    if (stored.data && draft === undefined) setDraft(toDraft(stored.data));
  }, [stored.data, draft, toDraft]);

  const saving = useMutation({
    mutationFn: options.save,
    onSuccess: (result) => {
      queryClient.setQueryData(options.queryKey, result);
      setSaved(true);
    },
  });

  const change = (patch: Partial<Draft>) => {
    setDraft((current) => (current === undefined ? current : { ...current, ...patch }));
    setSaved(false);
    saving.reset();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (draft === undefined) return;
    const validate = await options.check(setCheckFailed);
    if (!validate) return;
    setCheckFailed(undefined);
    const checked = validate(draft);
    setErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) saving.mutate(checked.value);
  };
  const failure = checkFailed ?? (saving.isError ? saving.error.message : undefined);
  return { stored, draft, errors, saved, failure, pending: saving.isPending, change, submit };
}
