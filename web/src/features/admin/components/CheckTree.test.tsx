import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { render } from '../../../../test-utils/render';
import { withAncestors } from '../pages/RolesPage';
import { CheckTree } from './CheckTree';

describe(CheckTree.name, () => {
  const tree = [
    { id: 1, label: 'a', children: [{ id: 2, label: 'b', children: [{ id: 3, label: 'c' }] }] },
  ];

  it('should check and clear a whole subtree', async () => {
    let seen: number[] = [];
    function Harness() {
      const [value, setValue] = useState<number[]>([]);
      seen = value;
      return <CheckTree nodes={tree} value={value} onChange={setValue} testId="t" />;
    }
    render(<Harness />);
    await userEvent.click(screen.getByTestId('t-2'));
    expect([...seen].sort()).toEqual([2, 3]);
    await userEvent.click(screen.getByTestId('t-2'));
    expect(seen).toEqual([]);
  });

  it('should add the ancestors of every granted node when saving a role', () => {
    expect(withAncestors([3], tree).sort()).toEqual([1, 2, 3]);
  });
});
