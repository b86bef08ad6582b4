// What other packages (the gateway's tests, the platform launcher) use to run identity in-process.
export { IDENTITY_ENV, type IdentityEnv, loadIdentityEnv } from './config/env';
import { loadIdentityEnv } from './config/env';
import { startIdentity } from './main';

export { prepareDatabase, startIdentity } from './main';

/** Identity in a test stack (`startStack([identityStarter])` from '@platform/test-support'). */
export const identityStarter = {
  name: 'identity',
  databaseEnv: 'IDENTITY_DB_URL',
  start: (env: Record<string, string>) => startIdentity(loadIdentityEnv(env)),
};
export { FieldCipher, LEGACY_DEVELOPMENT_FIELD_KEY, sealForServer } from './realname/field-cipher';
