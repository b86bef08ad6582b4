import { describe, expect, it } from 'vitest';

import { json, useApiServer } from '../../../test-utils/api-server';
import { markTourSeen } from './chat.tour';

const server = useApiServer();
const TOUR_PATH = '/system/user/profile/updatetour/1';
const calls = () => server().seen.filter((r) => r.url.startsWith(`/prod-api${TOUR_PATH}`)).length;

describe(markTourSeen.name, () => {
  it('should store the flag again after a failed attempt', async () => {
    let answered = 0;
    server().on(TOUR_PATH, (_req, res) => {
      answered += 1;
      if (answered === 1) json(res, { code: 500, msg: 'busy' }, 500);
      else json(res, { code: 200, msg: 'ok', data: {} });
    });
    await markTourSeen(1);
    expect(calls()).toBe(2);
  });

  it('should give up after three attempts', async () => {
    server().on(TOUR_PATH, (_req, res) => json(res, { code: 500, msg: 'busy' }, 500));
    await expect(markTourSeen(1)).rejects.toThrow();
    expect(calls()).toBe(3);
  });
});
