// What the auth feature offers other features: they import it from here, never from its files
// (the boundaries rule in eslint.config.mjs).
export { ContactBindingCard } from './components/ContactBindingCard';
export { MaintenanceNotice } from './components/MaintenanceNotice';
export { PhoneBindingDialog, usePhoneBindingNeeded } from './components/PhoneBindingDialog';
export { signOut } from './session';
