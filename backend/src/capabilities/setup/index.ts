export { withEffectiveModules } from './effective-modules';
