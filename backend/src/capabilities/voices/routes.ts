export { sampleCallRoutes } from './sample-call-routes';
export { voiceRoutes } from './voice-routes';
