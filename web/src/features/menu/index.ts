// What the menu feature offers other features: they import it from here, never from its files
// (the boundaries rule in eslint.config.mjs).
export { titleText } from './PageHost';
export { resolvePath, searchablePages } from './resolve';
