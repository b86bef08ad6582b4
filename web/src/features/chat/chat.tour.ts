import { requestData } from '../../lib/request';

// The guided tour of the task chat screen (spec §2): four steps — message window, input box,
// flowchart view, split-screen view — shown once per user. driver.js (about 7 kB gzipped with its
// stylesheet) is loaded only when the tour is about to show; the user's tour flag (1 = seen) is
// stored through /system/user/profile/updatetour/1 and kept in the session.

export interface TourStep {
  /** `data-tour` of the element the step points at. */
  anchor: 'messages' | 'composer' | 'flowchart' | 'split';
  title: string;
  description: string;
}

export interface TourTexts {
  next: string;
  previous: string;
  done: string;
  /** `{{current}}` and `{{total}}` are filled in by driver.js. */
  progress: string;
}

/**
 * driver.js marks the highlighted element as if it opened the popover (aria-haspopup, aria-expanded),
 * which the message log and the other anchors' roles do not allow (axe's aria-allowed-attr): the
 * popover is a dialog of its own, with its own focus, so the element is better left as it is.
 */
function withoutPopupAttributes(element: Element): void {
  element.removeAttribute('aria-haspopup');
  element.removeAttribute('aria-expanded');
}

/** Attempts at storing the flag, and the pause before each retry. */
const MARK_ATTEMPTS = 3;
const MARK_RETRY_MS = 1_000;

/**
 * Stores that the user has seen the tour. Silent, so retried: a request lost to a busy moment of the
 * server would otherwise show the tour again at the next visit (the flag is idempotent).
 */
export async function markTourSeen(retryMs = MARK_RETRY_MS): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await requestData('/system/user/profile/updatetour/1', { silent: true });
      return;
    } catch (error) {
      if (attempt >= MARK_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, retryMs * attempt));
    }
  }
}

/**
 * Shows the tour over the page; resolves once it is on screen. `onEnd` runs once when the user
 * finishes or closes it, not when the returned function takes it away.
 */
export async function startTour(
  steps: readonly TourStep[],
  texts: TourTexts,
  onEnd: () => void,
): Promise<() => void> {
  const [{ driver }] = await Promise.all([
    import('driver.js'),
    import('driver.js/dist/driver.css'),
  ]);
  let ended = false;
  const tour = driver({
    showProgress: true,
    progressText: texts.progress,
    nextBtnText: texts.next,
    prevBtnText: texts.previous,
    doneBtnText: texts.done,
    popoverClass: 'chat-tour',
    steps: steps.map((step) => ({
      element: `[data-tour="${step.anchor}"]`,
      popover: { title: step.title, description: step.description },
    })),
    onHighlighted: (element) => {
      if (element) withoutPopupAttributes(element);
    },
    // When the user ends it (done, close, Escape, a click beside it), whatever its animations are
    // doing: driver.js calls onDestroyed only once a step's highlight has finished moving, so a user
    // quick through the steps (or a page whose frames come late) ended it without onEnd, and saw it
    // again at the next visit. Not called for the destroy() that leaving the page does.
    onDestroyStarted: () => {
      if (!ended) {
        ended = true;
        onEnd();
      }
      tour.destroy();
    },
  });
  tour.drive();
  return () => tour.destroy();
}
