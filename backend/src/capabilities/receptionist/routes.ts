export { receptionistTestChat } from './test-chat/receptionist-test-chat';
export { testChatRoutes } from './test-chat/test-chat-routes';
