import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { json, useApiServer } from '../../../../test-utils/api-server';
import { logRow, missionView } from '../../../../test-utils/mission-factories';
import { render } from '../../../../test-utils/render';
import { sessionStore } from '../../../lib/auth';
import { MissionCard } from './MissionCard';

const server = useApiServer();
const signedOut = sessionStore.get();
afterEach(() => sessionStore.set(() => signedOut));

function serve(status: string, logs: ReturnType<typeof logRow>[]) {
  server().on('/wujie/mission/7', (_req, res) =>
    json(res, { code: 200, msg: 'ok', data: missionView({ status: status as 'in_progress' }) }),
  );
  server().on('/wujie/missionLog/list', (_req, res) =>
    json(res, { code: 200, msg: 'ok', rows: logs, total: logs.length }),
  );
  server().on('/system/dict/data/type/wujie_mission_status', (_req, res) =>
    json(res, {
      code: 200,
      msg: 'ok',
      data: [{ dictValue: 'in_progress', dictLabel: 'In progress', listClass: 'primary' }],
    }),
  );
}

describe(MissionCard.name, () => {
  it('should show the status, the nodes done and running, and the actions the user may take', async () => {
    // The factory's mission is user 2's.
    sessionStore.set((s) => ({
      ...s,
      user: { userId: 2, userName: 'alice', admin: false } as NonNullable<typeof s.user>,
      permissions: ['wujie:mission:stop'],
    }));
    serve('in_progress', [
      logRow({ nodeId: 'Task_1', nodeNameEn: 'Numbering', status: 'success' }),
      logRow({ nodeId: 'Task_2', nodeNameEn: 'Humanization', status: 'running' }),
    ]);
    render(<MissionCard missionId={7} />);
    await waitFor(() =>
      expect(screen.getByTestId('mission-card-progress').textContent).toBe(
        '1 nodes done · running: Humanization',
      ),
    );
    expect(screen.getByTestId('mission-card').getAttribute('data-status')).toBe('in_progress');
    expect(screen.getByText('In progress')).toBeTruthy();
    expect(screen.getByTestId('mission-stop')).toBeTruthy();
    expect(screen.queryByTestId('mission-reply')).toBeNull();

    fireEvent.click(screen.getByTestId('mission-stop'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() =>
      expect(
        server().seen.some((r) => r.method === 'POST' && r.url.endsWith('/wujie/mission/7/stop')),
      ).toBe(true),
    );
  });
});
