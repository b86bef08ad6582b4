import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json, useApiServer } from '../../../test-utils/api-server';
import { markTourSeen, startTour, type TourStep } from './chat.tour';

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

describe(startTour.name, () => {
  const anchors: TourStep['anchor'][] = ['messages', 'composer', 'flowchart', 'split'];
  const steps: TourStep[] = anchors.map((anchor) => ({
    anchor,
    title: `Step ${anchor}`,
    description: anchor,
  }));
  const texts = {
    next: 'Next',
    previous: 'Previous',
    done: 'Got it',
    progress: '{{current}}/{{total}}',
  };

  afterEach(() => {
    document.body.innerHTML = '';
  });

  function page(): void {
    document.body.innerHTML = anchors
      .map((anchor) => `<div data-tour="${anchor}">${anchor}</div>`)
      .join('');
  }

  it('should end for the user who clicks through it faster than its animations', async () => {
    page();
    const onEnd = vi.fn();
    await startTour(steps, texts, onEnd);
    for (const anchor of anchors) {
      await screen.findByText(`Step ${anchor}`);
      // At once: each step's highlight is still moving (driver.js animates it for 400 ms).
      const next = document.querySelector<HTMLButtonElement>('.driver-popover-next-btn')!;
      fireEvent.click(next);
    }
    await waitFor(() => expect(document.querySelector('.driver-popover')).toBeNull());
    expect(onEnd).toHaveBeenCalledOnce();
  });

  it('should leave the highlighted element without popup attributes its role does not allow', async () => {
    page();
    document.querySelector('[data-tour="messages"]')!.setAttribute('role', 'log');
    const takeAway = await startTour(steps, texts, vi.fn());
    await screen.findByText('Step messages');
    const messages = document.querySelector('[data-tour="messages"]')!;
    // Once the highlight has settled (driver.js sets them while it moves, onHighlighted takes them off).
    await waitFor(() => {
      expect(messages.classList.contains('driver-active-element')).toBe(true);
      expect(messages.hasAttribute('aria-haspopup')).toBe(false);
      expect(messages.hasAttribute('aria-expanded')).toBe(false);
    });
    takeAway();
  });

  it('should end for the user who closes it, and not when the page takes it away', async () => {
    page();
    const closed = vi.fn();
    await startTour(steps, texts, closed);
    await screen.findByText('Step messages');
    fireEvent.click(document.querySelector<HTMLButtonElement>('.driver-popover-close-btn')!);
    expect(closed).toHaveBeenCalledOnce();

    const left = vi.fn();
    const takeAway = await startTour(steps, texts, left);
    await screen.findByText('Step messages');
    takeAway();
    expect(document.querySelector('.driver-popover')).toBeNull();
    expect(left).not.toHaveBeenCalled();
  });
});
