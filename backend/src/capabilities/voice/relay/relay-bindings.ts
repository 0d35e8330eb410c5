/**
 * What a relay connection carries once `setup` bound it: its conversation and owner. Neither changes
 * afterwards (the relay-call item's `setUp` is conditional), so a relay instance may remember them and start
 * a turn's lease and reads beside the relay-call read instead of after it (docs/decisions/185-model-latency.md).
 * Whether the call has ended is never remembered: the turn goes on only once the fresh read says it has not.
 */
export type RelayBinding = { conversationId: string; ownerId?: string };

export type RelayBindings = {
  get(connectionId: string): RelayBinding | undefined;
  set(connectionId: string, binding: RelayBinding): void;
  delete(connectionId: string): void;
};

/** The bindings an instance remembers, the oldest forgotten beyond `max` (an instance carries few calls). */
export function relayBindings(max = 1_000): RelayBindings {
  const known = new Map<string, RelayBinding>();
  return {
    get: (connectionId) => known.get(connectionId),
    set(connectionId, binding) {
      known.delete(connectionId);
      known.set(connectionId, binding);
      if (known.size > max) known.delete(known.keys().next().value!);
    },
    delete: (connectionId) => void known.delete(connectionId),
  };
}
