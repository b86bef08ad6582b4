import { Menu } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { render } from '../../test-utils/render';
import { IconButton } from './IconButton';

describe(IconButton.name, () => {
  it('should name the button and show the same text in a tooltip while the mouse is over it', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <IconButton label="Full screen" onClick={onClick}>
        <span>icon</span>
      </IconButton>,
    );
    const button = screen.getByRole('button', { name: 'Full screen' });
    // No tooltip (nor its floating machinery) until it is wanted.
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.hover(button);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Full screen');
    await user.click(button);
    expect(onClick).toHaveBeenCalledOnce();
    await user.unhover(button);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    // The same button element throughout (a tooltip mounted around it would replace it, and its focus).
    expect(screen.getByRole('button', { name: 'Full screen' })).toBe(button);
  });

  it('should stay the target of a menu', async () => {
    const user = userEvent.setup();
    render(
      <Menu>
        <Menu.Target>
          <IconButton label="Size">
            <span>icon</span>
          </IconButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item>Small</Menu.Item>
        </Menu.Dropdown>
      </Menu>,
    );
    await user.click(screen.getByRole('button', { name: 'Size' }));
    expect(await screen.findByRole('menuitem', { name: 'Small' })).toBeTruthy();
  });
});
