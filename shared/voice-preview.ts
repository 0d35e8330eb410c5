/**
 * Voice preview text rules (spec §5 "Voice preview text", §9 "Voice text max 500 characters") and the
 * preview's error texts (spec §8 "Voice"). The API enforces them; the wizard applies the same rule before
 * sending so an owner never sees the error in normal use.
 */
export const VOICE_TEXT_MAX_LENGTH = 500;

/** The characters stripped from any text we speak: they would otherwise be read as markup by TTS engines. */
export const stripVoiceText = (text: string) => text.replace(/[<>"'&]/g, '');

export const VOICE_MESSAGES = {
  textTooLong: 'Text too long (max 500 characters)',
  previewFailed: 'Error generating response',
  voicesFailed: 'Failed to load available voices',
  tooManyPreviews: 'Too many voice previews. Please wait a moment and try again',
} as const;
