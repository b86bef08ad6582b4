// What the bpm feature (people's processes) offers other features: they import it from here, never from
// its files (the boundaries rule in eslint.config.mjs).
export { registerBpmPages } from './register';
