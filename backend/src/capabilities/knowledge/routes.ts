export { knowledgeRoutes } from './knowledge-routes';
