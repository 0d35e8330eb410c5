/**
 * `npm run bench`: measures the product's performance figures and merges them into bench/results.json.
 *
 *   npm run bench                         all figures
 *   npm run bench -- landing_js           only the named figures (others in results.json are kept)
 *   BENCH_DURATION=2 BENCH_CONNECTIONS=10 npm run bench    a quick run
 *
 * Exits non-zero when any stage fails; every child process is stopped on the way out. See bench/README.md.
 */
import { installCleanupHandlers, stopAll } from './children';
import { formatApi, formatLambda, formatLanding } from './report';
import { mergeResults, RESULTS_FILE } from './results-file';
import { measureApiGetConfig } from './stages/api-get-config';
import { measureLambdaBundle } from './stages/lambda-bundle';
import { measureLandingJs } from './stages/landing-js';
import { formatTelephonyFirstRing, measureTelephonyFirstRing } from './stages/telephony-first-ring';
import { DYNAMODB_WARM_UP_CALLS } from './dynamodb-warm-up';
import { formatVoiceStream, measureVoiceStream } from './stages/voice-stream';
import { formatGreeting, formatVoiceTurn, measureVoiceCalls } from './stages/voice-call';
import { formatReceptionistEngine, measureReceptionistEngine } from './stages/receptionist-engine';
import { formatSmsWebhook, measureSmsWebhook } from './stages/sms-webhook';
import { formatCallLogPage, measureCallLogPage } from './stages/call-log-page';
import { formatConfigReadScale, measureConfigReadScale } from './stages/config-read-scale';
import { formatHealthDuringSpeech, measureHealthDuringSpeech } from './stages/health-during-speech';
import { formatOverviewRead, measureOverviewRead } from './stages/overview-read';
import { formatReminderSweep, measureReminderSweep } from './stages/reminder-sweep';
import { formatWebhookFanout, measureWebhookFanout } from './stages/webhook-fanout';
import { formatFindSlots, measureFindSlots } from './stages/find-slots';
import { formatModelLatency, measureModelLatency } from './stages/model-latency';
import { LIGHTHOUSE_PAGES, lighthousePagesNamed, measureLighthouse } from './stages/lighthouse';
import { formatLighthouse, LIGHTHOUSE_DEFAULT_RUNS } from './stages/lighthouse-summary';

function numberFromEnv(name: string, fallback: number, { integer = false, min = 0 } = {}): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || (integer && !Number.isInteger(value))) {
    throw new Error(`${name}=${raw}: expected ${integer ? 'an integer' : 'a number'} ≥ ${min}`);
  }
  return value;
}

const started = Date.now();
const log = (stage: string) => (line: string) =>
  console.log(`[bench ${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s] ${stage}: ${line}`);

/** Read once, before anything starts, so a typo fails at once rather than as a failed figure. */
function readSettings() {
  return {
    api: {
      connections: numberFromEnv('BENCH_CONNECTIONS', 50, { integer: true, min: 1 }),
      durationSeconds: numberFromEnv('BENCH_DURATION', 10, { min: 0.5 }),
      rounds: numberFromEnv('BENCH_ROUNDS', 2, { integer: true, min: 1 }),
      warmupSeconds: numberFromEnv('BENCH_WARMUP', 5),
    },
    coldInitSamples: numberFromEnv('BENCH_COLD_INIT_SAMPLES', 10, { integer: true, min: 1 }),
    dynamoDbWarmUpCalls: numberFromEnv('BENCH_DYNAMODB_WARMUP', DYNAMODB_WARM_UP_CALLS, { integer: true }),
    voiceStreams: numberFromEnv('BENCH_VOICE_STREAMS', 50, { integer: true, min: 1 }),
    modelCalls: numberFromEnv('BENCH_MODEL_CALLS', 12, { integer: true, min: 1 }),
    lighthouseRuns: numberFromEnv('BENCH_LIGHTHOUSE_RUNS', LIGHTHOUSE_DEFAULT_RUNS, {
      integer: true,
      min: 1,
    }),
    // Unset: calibrated to this machine's benchmarkIndex (bench/README.md); a number: that fixed factor.
    lighthouseCpu: process.env.BENCH_LIGHTHOUSE_CPU
      ? numberFromEnv('BENCH_LIGHTHOUSE_CPU', 4, { min: 1 })
      : ('calibrated' as const),
    // Unset: every page; a comma-separated list of page names (e.g. "dashboard,plans"): only those.
    lighthousePages: process.env.BENCH_LIGHTHOUSE_PAGES
      ? lighthousePagesNamed(process.env.BENCH_LIGHTHOUSE_PAGES.split(',').map((name) => name.trim()))
      : LIGHTHOUSE_PAGES,
  };
}
type Settings = ReturnType<typeof readSettings>;

/** A stage measures one figure and renders it; pairing the two keeps each figure's type end to end. */
const stage =
  <T>(measure: (settings: Settings) => Promise<T>, format: (figure: T) => string) =>
  async (settings: Settings) => {
    const figure = await measure(settings);
    return { figure, text: format(figure) };
  };

/** One run of calls gives both voice figures: measured by whichever of the two stages runs first. */
let voiceRun: ReturnType<typeof measureVoiceCalls> | undefined;
const voiceCalls = () => (voiceRun ??= measureVoiceCalls({ calls: 50 }, log('voice calls')));

const stages = {
  api_get_config: stage((s) => measureApiGetConfig(s.api, log('api_get_config')), formatApi),
  // A Lambda instance serves one request at a time: what the app adds to a request when nothing queues.
  api_get_config_serial: stage(
    (s) => measureApiGetConfig({ ...s.api, connections: 1 }, log('api_get_config_serial')),
    formatApi,
  ),
  lambda_bundle: stage(
    (s) => measureLambdaBundle({ samples: s.coldInitSamples }, log('lambda_bundle')),
    formatLambda,
  ),
  telephony_first_ring: stage(
    (s) =>
      measureTelephonyFirstRing(
        { samples: s.coldInitSamples, dynamoDbWarmUpCalls: s.dynamoDbWarmUpCalls },
        log('telephony_first_ring'),
      ),
    formatTelephonyFirstRing,
  ),
  landing_js: stage(() => measureLandingJs(log('landing_js')), formatLanding),
  lighthouse: stage(
    (s) =>
      measureLighthouse(
        { runs: s.lighthouseRuns, cpu: s.lighthouseCpu, pages: s.lighthousePages },
        log('lighthouse'),
      ),
    formatLighthouse,
  ),
  voice_stream: stage(
    (s) => measureVoiceStream({ streams: s.voiceStreams }, log('voice_stream')),
    formatVoiceStream,
  ),
  greeting_ms: stage(async () => (await voiceCalls()).greeting, formatGreeting),
  voice_turn: stage(async () => (await voiceCalls()).turn, formatVoiceTurn),
  receptionist_turn: stage(
    () => measureReceptionistEngine({ conversations: 200 }, log('receptionist_turn')),
    formatReceptionistEngine,
  ),
  receptionist_turn_sms: stage(
    () => measureSmsWebhook({ messages: 200 }, log('receptionist_turn_sms')),
    formatSmsWebhook,
  ),
  call_log_page: stage(
    () => measureCallLogPage({ large: 20_000, small: 20, samples: 300 }, log('call_log_page')),
    formatCallLogPage,
  ),
  health_during_speech: stage(
    () => measureHealthDuringSpeech({ samples: 300, previews: 4 }, log('health_during_speech')),
    formatHealthDuringSpeech,
  ),
  config_read_scale: stage(
    () => measureConfigReadScale({ large: 10_000, small: 10, samples: 300 }, log('config_read_scale')),
    formatConfigReadScale,
  ),
  overview_read: stage(
    () => measureOverviewRead({ history: 20_000, samples: 300 }, log('overview_read')),
    formatOverviewRead,
  ),
  reminder_sweep: stage(
    () =>
      measureReminderSweep(
        { largeOwners: 1_000, smallOwners: 10, perOwner: 10, smallRuns: 5 },
        log('reminder_sweep'),
      ),
    formatReminderSweep,
  ),
  model_latency: stage(
    (s) =>
      measureModelLatency(
        {
          calls: s.modelCalls,
          texts: 3 * Math.ceil(s.modelCalls / 2),
          fillerCalls: 4,
          askedCalls: Math.ceil(s.modelCalls / 2),
        },
        log('model_latency'),
      ),
    formatModelLatency,
  ),
  webhook_fanout: stage(
    () => measureWebhookFanout({ events: 200 }, log('webhook_fanout')),
    formatWebhookFanout,
  ),
  find_slots: stage(() => measureFindSlots({ samples: 300 }, log('find_slots')), formatFindSlots),
};
type StageName = keyof typeof stages;

async function main(): Promise<number> {
  installCleanupHandlers();
  // Node 20 is supported by this repo; the SDK's notice about 2027 would only clutter the output.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const requested = process.argv.slice(2);
  const names = (requested.length > 0 ? requested : Object.keys(stages)) as StageName[];
  const unknown = names.filter((name) => !(name in stages));
  if (unknown.length > 0) {
    console.error(`Unknown figure(s) ${unknown.join(', ')}; expected ${Object.keys(stages).join(', ')}`);
    return 2;
  }
  let settings: Settings;
  try {
    settings = readSettings();
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }

  const sections: Record<string, unknown> = {};
  const printed: string[] = [];
  const failures: string[] = [];
  // One stage at a time: a build running beside the load test would steal its CPU.
  for (const name of names) {
    try {
      const { figure, text } = await stages[name](settings);
      sections[name] = figure;
      printed.push(text);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      failures.push(name);
      // Recorded as failed rather than left stale, so results.json never shows an old figure as current.
      sections[name] = { measuredAt: new Date().toISOString(), failed: true, error: message.slice(0, 2000) };
      console.error(`\n✗ ${name} failed:\n${error instanceof Error ? (error.stack ?? message) : message}\n`);
    } finally {
      await stopAll();
    }
  }

  const written = mergeResults(sections);
  const m = written.machine;
  console.log(
    `\nBenchmark results (${m.cpus} × ${m.cpuModel}, ${m.memoryGb} GB, node ${m.node}, ${m.platform})\n`,
  );
  console.log(printed.join('\n\n'));
  console.log(`\nWritten to ${RESULTS_FILE} in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  if (failures.length > 0) console.error(`Failed: ${failures.join(', ')}`);
  return failures.length > 0 ? 1 : 0;
}

main()
  .then(async (code) => {
    await stopAll();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    console.error(error);
    await stopAll();
    process.exit(1);
  });
