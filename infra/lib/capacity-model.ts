/**
 * The capacity model behind the API Gateway throttles (docs/capacity.md, section "Capacity model"): owners ×
 * concurrent calls × messages per second, at the busiest minute of the week, times a headroom. The stack reads
 * its throttles from here (infra/lib/http-api.ts, infra/lib/websocket-api.ts), so changing an input here
 * changes the deployed limits, and infra/capacity-model.test.ts keeps the document's numbers equal to these.
 */

export interface CapacityInputs {
  /** Businesses the product is sized for. */
  readonly owners: number;
  /** Share of owners with at least one call in progress at the busiest minute of the week. */
  readonly busyOwnerShare: number;
  /** Calls a busy owner's number carries at once at that minute. */
  readonly callsPerBusyOwner: number;
  /** Mean length of an answered call, in seconds (sets how often calls start and end). */
  readonly averageCallSeconds: number;
  /**
   * ConversationRelay messages one call sends to the socket per second: a `prompt` per caller utterance
   * (about one every 3 s), `interrupt`s when the caller talks over the assistant, `dtmf` keys.
   */
  readonly relayMessagesPerCallPerSecond: number;
  /**
   * Twilio webhooks per call: the incoming call, its status callback, the end of the relay session, and a
   * transfer's whisper and dial result.
   */
  readonly twilioWebhooksPerCall: number;
  /** Texts a busy owner's number receives per minute at the busiest minute (one webhook each). */
  readonly textsPerBusyOwnerPerMinute: number;
  /** Share of owners with the dashboard open at the busiest minute. */
  readonly dashboardOwnerShare: number;
  /** HTTP requests an open dashboard makes per second, averaged (a page load makes a burst of them). */
  readonly dashboardRequestsPerSecond: number;
  /** Voice-preview socket messages an open dashboard sends per second, averaged. */
  readonly previewMessagesPerDashboardPerSecond: number;
  /** Multiplier over the modelled peak: the margin before a throttle drops a real request. */
  readonly headroom: number;
  /** Token-bucket size as a multiple of the rate: absorbs a second or two of synchronized arrivals. */
  readonly burstFactor: number;
}

export const CAPACITY_INPUTS: CapacityInputs = {
  owners: 10_000,
  busyOwnerShare: 0.1,
  callsPerBusyOwner: 2,
  averageCallSeconds: 180,
  relayMessagesPerCallPerSecond: 0.5,
  twilioWebhooksPerCall: 5,
  textsPerBusyOwnerPerMinute: 1,
  dashboardOwnerShare: 0.05,
  dashboardRequestsPerSecond: 1,
  previewMessagesPerDashboardPerSecond: 0.05,
  headroom: 2,
  burstFactor: 2,
};

/**
 * API Gateway's default account quotas per region, shared by every API of the account: the sum of the stage
 * and route limits must fit under them, or the account throttles first (docs/capacity.md).
 */
export const API_GATEWAY_ACCOUNT_QUOTA = { rateLimit: 10_000, burstLimit: 5_000 } as const;

export interface Throttle {
  readonly rateLimit: number;
  readonly burstLimit: number;
}

export interface CapacityModel {
  readonly inputs: CapacityInputs;
  /** Calls in progress across all owners at the busiest minute. */
  readonly peakConcurrentCalls: number;
  /** Calls starting (and as many ending) per second at that minute. */
  readonly callStartsPerSecond: number;
  readonly relayMessagesPerSecond: number;
  readonly openDashboards: number;
  /** Everything the WebSocket stage receives per second: relay messages, connects, disconnects, previews. */
  readonly socketMessagesPerSecond: number;
  /** Every Twilio webhook per second, voice and SMS together. */
  readonly twilioWebhooksPerSecond: number;
  readonly dashboardRequestsPerSecond: number;
  readonly throttles: {
    /** The WebSocket stage: voice relay and voice preview. */
    readonly websocket: Throttle;
    /** The HTTP API's default route settings: the dashboard and every route not named below. */
    readonly dashboard: Throttle;
    /**
     * Each signed webhook route of the HTTP API (its own token bucket): sized for all Twilio webhooks at
     * once, so no one route can starve however the peak splits between them. Stripe and Calendly send far
     * fewer, and retry on 429.
     */
    readonly webhook: Throttle;
  };
}

/** Rates are rounded up to a multiple of 50 requests per second, so a small input change moves no limit. */
const roundUp = (perSecond: number) => Math.ceil(perSecond / 50) * 50;

const throttleFor = (peakPerSecond: number, inputs: CapacityInputs): Throttle => {
  const rateLimit = roundUp(peakPerSecond * inputs.headroom);
  return { rateLimit, burstLimit: rateLimit * inputs.burstFactor };
};

/** The model's derivation: pure, so a test can run it over other inputs. */
export function capacityModel(inputs: CapacityInputs): CapacityModel {
  const busyOwners = inputs.owners * inputs.busyOwnerShare;
  const peakConcurrentCalls = busyOwners * inputs.callsPerBusyOwner;
  const callStartsPerSecond = peakConcurrentCalls / inputs.averageCallSeconds;
  const relayMessagesPerSecond = peakConcurrentCalls * inputs.relayMessagesPerCallPerSecond;
  const openDashboards = inputs.owners * inputs.dashboardOwnerShare;
  // Every call opens one relay socket ($connect) and closes it ($disconnect).
  const socketMessagesPerSecond =
    relayMessagesPerSecond +
    2 * callStartsPerSecond +
    openDashboards * inputs.previewMessagesPerDashboardPerSecond;
  const twilioWebhooksPerSecond =
    callStartsPerSecond * inputs.twilioWebhooksPerCall +
    (busyOwners * inputs.textsPerBusyOwnerPerMinute) / 60;
  const dashboardRequestsPerSecond = openDashboards * inputs.dashboardRequestsPerSecond;
  return {
    inputs,
    peakConcurrentCalls,
    callStartsPerSecond,
    relayMessagesPerSecond,
    openDashboards,
    socketMessagesPerSecond,
    twilioWebhooksPerSecond,
    dashboardRequestsPerSecond,
    throttles: {
      websocket: throttleFor(socketMessagesPerSecond, inputs),
      dashboard: throttleFor(dashboardRequestsPerSecond, inputs),
      webhook: throttleFor(twilioWebhooksPerSecond, inputs),
    },
  };
}

/** The model the stack deploys. */
export const CAPACITY = capacityModel(CAPACITY_INPUTS);
