import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { render } from '../../test-utils/render';
import { sessionStore } from '../lib/auth';
import { HasPermi, HasRole } from './Permission';

afterEach(() => sessionStore.set({ user: null, roles: [], permissions: [], routes: [] }));

describe('HasPermi and HasRole', () => {
  it('should render children only for holders of the permission', () => {
    sessionStore.set({
      user: null,
      roles: ['common'],
      permissions: ['system:user:add'],
      routes: [],
    });
    render(
      <>
        <HasPermi value="system:user:add">
          <span>add</span>
        </HasPermi>
        <HasPermi value={['system:user:remove']}>
          <span>remove</span>
        </HasPermi>
        <HasPermi value={['system:user:add', 'system:user:remove']} mode="all">
          <span>both</span>
        </HasPermi>
        <HasRole value={['common', 'ceo']}>
          <span>role-any</span>
        </HasRole>
        <HasRole value="admin">
          <span>role-admin</span>
        </HasRole>
      </>,
    );
    expect(screen.queryByText('add')).not.toBeNull();
    expect(screen.queryByText('remove')).toBeNull();
    expect(screen.queryByText('both')).toBeNull();
    expect(screen.queryByText('role-any')).not.toBeNull();
    expect(screen.queryByText('role-admin')).toBeNull();
  });

  it('should treat an empty list as an error', () => {
    expect(() => render(<HasPermi value={[]}>x</HasPermi>)).toThrow('must not be empty');
  });
});
