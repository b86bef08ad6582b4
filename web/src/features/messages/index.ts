// What the messages feature offers other features: they import it from here, never from its files
// (the boundaries rule in eslint.config.mjs).
export { MessageBell } from './components/MessageBell';
