// The setup feature's public entry: the voice stream the dashboard's test call shares with the wizard's
// preview (decision 165). Nothing here builds a schema on load.
export { createVoiceStreamClient, type VoiceStreamClient } from './voice-stream/voice-stream-client';
export { PcmPlayer } from './voice-stream/pcm-player';
export { streamPreview } from './voice-stream/stream-preview';
export { sanitizeVoiceText } from './voice-selection';
export type { SelectedVoice } from './api/setup-api';
export { AnswerModeSettings } from './components/answer-mode-settings';
export { LanguageSettings } from './components/language-settings';
