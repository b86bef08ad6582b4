import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';

import { lazyWithPreload } from './lazy-with-preload';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

function view(Component: (props: { name: string }) => React.ReactNode) {
  return render(
    <Suspense fallback={<p>loading</p>}>
      <Component name="Ada" />
    </Suspense>,
  );
}

describe(lazyWithPreload.name, () => {
  it('should render a preloaded component at once, without its fallback', async () => {
    let loads = 0;
    const Lazy = lazyWithPreload(async () => {
      loads += 1;
      return Greeting;
    });
    await Lazy.preload();
    view(Lazy);
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
    expect(loads).toBe(1);
  });

  it('should load once for every caller, and again after a failure', async () => {
    let loads = 0;
    const Lazy = lazyWithPreload(async () => {
      loads += 1;
      if (loads === 1) throw new Error('chunk did not load');
      return Greeting;
    });
    await expect(Lazy.preload()).rejects.toThrow('chunk did not load');
    await Promise.all([Lazy.preload(), Lazy.preload()]);
    view(Lazy);
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(loads).toBe(2);
  });

  it('should suspend like React.lazy when it was not preloaded', async () => {
    const Lazy = lazyWithPreload(async () => Greeting);
    view(Lazy);
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => {});
    expect(await screen.findByText('Hello Ada')).toBeTruthy();
  });
});
