// What the billing feature offers other features: they import it from here, never from its files
// (the boundaries rule in eslint.config.mjs). The account page loads the personal billing panel lazily.
export { PersonalBilling } from './components/PersonalBilling';
