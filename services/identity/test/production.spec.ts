import { randomBytes } from 'node:crypto';

import { dropDatabase } from '@platform/nest-common';
import { afterAll, describe, expect, it } from 'vitest';

import { loadIdentityEnv } from '../src/config/env';
import { startIdentity } from '../src/main';

const base = () => {
  const ns = `p${process.pid}${randomBytes(3).toString('hex')}`;
  return {
    NAMESPACE: ns,
    LOG_LEVEL: 'silent',
    IDENTITY_DB_URL: `mysql://root@127.0.0.1:3306/t_${ns}`,
  };
};

describe('identity in production mode', () => {
  const databases: string[] = [];
  afterAll(async () => {
    for (const url of databases) await dropDatabase(url);
  });

  it('should refuse an ADMIN_PASSWORD that breaks the password rule', async () => {
    const env = base();
    databases.push(env.IDENTITY_DB_URL);
    await expect(
      startIdentity(
        loadIdentityEnv({
          ...env,
          NODE_ENV: 'production',
          FIELD_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
          ADMIN_PASSWORD: 'admin123',
        }),
      ),
    ).rejects.toThrow(/ADMIN_PASSWORD/);
  });

  it('should start without any code sender configured and then refuse to send codes', async () => {
    const env = base();
    databases.push(env.IDENTITY_DB_URL);
    const app = await startIdentity(
      loadIdentityEnv({
        ...env,
        NODE_ENV: 'production',
        FIELD_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      }),
    );
    try {
      const { VerificationService } = await import('../src/verification/verification.service');
      const codes = app.get(VerificationService);
      await expect(
        codes.send({ channel: 'sms', target: '+86 13800000000' }, 'register', {
          ip: '127.0.0.1',
          userAgent: 'test',
          lang: 'en',
        }),
      ).rejects.toMatchObject({ key: 'code.sender_unavailable' });
    } finally {
      await app.close();
    }
  });
});
