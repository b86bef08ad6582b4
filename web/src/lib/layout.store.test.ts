import { afterEach, describe, expect, it } from 'vitest';

import { followScreen, layoutStore, patchLayout } from './layout.store';

/** A media query list whose answer the test changes, as a window resized across the breakpoint. */
function screenAt(): { screen: EventTarget; cross: (matches: boolean) => void } {
  const screen = new EventTarget();
  const cross = (matches: boolean) =>
    screen.dispatchEvent(Object.assign(new Event('change'), { matches }));
  return { screen, cross };
}

describe('layout store', () => {
  afterEach(() => patchLayout({ device: 'desktop', drawerOpened: false }));

  it('should follow the screen across the breakpoint, with the drawer closed', () => {
    const { screen, cross } = screenAt();
    followScreen(screen as MediaQueryList);
    cross(true);
    expect(layoutStore.get().device).toBe('mobile');
    patchLayout({ drawerOpened: true });
    cross(false);
    expect(layoutStore.get()).toMatchObject({ device: 'desktop', drawerOpened: false });
  });

  it('should leave the state as it is for a patch that changes nothing', () => {
    const before = layoutStore.get();
    patchLayout({ device: before.device, drawerOpened: before.drawerOpened });
    expect(layoutStore.get()).toBe(before);
    patchLayout({ drawerOpened: !before.drawerOpened });
    expect(layoutStore.get()).not.toBe(before);
  });
});
