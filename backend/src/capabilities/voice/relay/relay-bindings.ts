import type { TurnWarmth } from '../../receptionist/index';

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
  /**
   * What the connection's last turn ended with, for its next turn's speculative start (decision 185,
   * session 40). Kept for the `warmMax` connections used last only: a state holds the whole transcript.
   */
  warmth(connectionId: string, conversationId: string): TurnWarmth;
};

/** Forgets the oldest of a map (insertion order = last use) beyond `max`. */
function trim<V>(map: Map<string, V>, max: number) {
  while (map.size > max) map.delete(map.keys().next().value!);
}

/** The bindings an instance remembers, the oldest forgotten beyond `max` (an instance carries few calls). */
export function relayBindings(max = 1_000, warmMax = Math.min(max, 50)): RelayBindings {
  const known = new Map<string, RelayBinding>();
  const warm = new Map<string, { conversationId: string; warmth: TurnWarmth }>();
  return {
    get: (connectionId) => known.get(connectionId),
    set(connectionId, binding) {
      known.delete(connectionId);
      known.set(connectionId, binding);
      trim(known, max);
    },
    delete(connectionId) {
      known.delete(connectionId);
      warm.delete(connectionId);
    },
    warmth(connectionId, conversationId) {
      const kept = warm.get(connectionId);
      warm.delete(connectionId);
      // A connection is bound once; a holder for another conversation is never handed over.
      const entry = kept?.conversationId === conversationId ? kept : { conversationId, warmth: {} };
      warm.set(connectionId, entry);
      trim(warm, warmMax);
      return entry.warmth;
    },
  };
}
