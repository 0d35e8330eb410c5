/*
 * The voice capability's second public entry (besides index.ts and routes.ts): the incoming call's answer
 * without the call's Hono routes, for the telephony function's first ring (entry/surfaces/
 * incoming-call-direct.ts). routes.ts would bring the webhook routes with it, and with them Hono, the
 * OpenAPI helpers and the other webhooks' forms, which a cold first ring never uses
 * (docs/decisions/186-cold-start.md, session 40).
 */
export { voiceAnswers } from './call-answer';
export { VOICE_PATHS } from './webhook-forms';
