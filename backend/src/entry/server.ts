import { createApp } from './app';
import { serveLocally } from './local-node-server';
import { createAppDeps } from './app-deps';
import { loadConfig } from '../platform/config/env';
import { createDynamoClients } from '../platform/dynamo/dynamo-client';
import { ensureAppTable } from '../platform/dynamo/create-tables';
import { attachVoiceStreamServer } from '../local/api-gateway/local-socket-server';
import { attachRelayServer } from '../local/api-gateway/local-relay-server';
import { conversationAmender } from '../capabilities/voice/index';
import { attachLocalCallServer, localCallVoice } from '../local/twilio/local-call-socket';
import { startLocalNotificationTimer } from '../local/scheduler/local-timer';
import { createNotificationJobs } from '../capabilities/notifications/index';
import { keptLocalStandIns } from '../local/stand-ins';

/** The same app as in Lambda, on Node: `npm start` and the end-to-end tests run this. */
const config = loadConfig();
if (config.appEnv !== 'aws') {
  const { client } = createDynamoClients({ region: config.region, endpoint: config.dynamoDbEndpoint });
  await ensureAppTable(client, config.tableName);
}
const local = keptLocalStandIns();
const deps = createAppDeps(config, {}, local.factory);
const { twilioAccount, recordings } = local.handles();
const app = createApp(deps);

const server = serveLocally(app, { port: config.port });
// The voice streaming socket on the same port, path /ws (API Gateway WebSocket's stand-in).
const voiceStream = attachVoiceStreamServer(server, {
  speech: deps.providers.speech,
  rateLimiter: deps.rateLimiter,
  logger: deps.logger,
  verifyToken: deps.verifyToken,
});
// The voice relay (ConversationRelay) on the same port, path /relay.
const voiceRelay = attachRelayServer(server, {
  receptionist: deps.receptionist,
  conversations: conversationAmender(deps.data, deps.receptionist),
  relayCalls: deps.data.relayCalls,
  metrics: deps.metrics,
  logger: deps.logger,
  now: deps.now,
  verifyToken: deps.verifyToken,
  authToken: config.twilioWebhookAuthToken,
  configuredRelayUrl: config.voiceRelayUrl,
  publicApiUrl: config.publicApiUrl,
});
// The local phone page's Call (local telephony provider only): places calls against this app as Twilio would.
const localCalls =
  config.localProviders && twilioAccount && config.twilioWebhookAuthToken
    ? attachLocalCallServer(server, {
        account: twilioAccount,
        authToken: config.twilioWebhookAuthToken,
        dispatch: async (request) => app.fetch(request),
        speech: { speech: deps.providers.speech, rateLimiter: deps.rateLimiter, logger: deps.logger },
        voiceFor: localCallVoice(deps.data),
        logger: deps.logger,
        ...(recordings ? { recordings } : {}),
      })
    : undefined;
// What EventBridge runs in AWS (decisions 130, 162): the sweep and the digests, here every minute.
const notificationTimer =
  config.appEnv === 'aws'
    ? undefined
    : startLocalNotificationTimer(createNotificationJobs(deps), deps.logger);
server.on('listening', () =>
  console.log(JSON.stringify({ level: 'info', message: 'backend listening', port: config.port })),
);

const stop = () => {
  voiceStream.close();
  voiceRelay.close();
  localCalls?.close();
  notificationTimer?.stop();
  server.close(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
