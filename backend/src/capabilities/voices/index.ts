export { clipForSpeech, speakForRoute } from './speak';
