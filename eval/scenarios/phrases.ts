// The phrases live with the dashboard's "Check my assistant" (the backend cannot import eval/).
export * from '../../backend/src/capabilities/assistant-check/phrases';
