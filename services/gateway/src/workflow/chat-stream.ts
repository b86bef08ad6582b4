import type { ChatStreamEvent } from '@platform/contracts';
import type { Observable, Subscription } from 'rxjs';

/**
 * An Observable read as an async iterator, buffering what arrives before it is asked for: the
 * gateway waits for the first event (a refusal is still an ordinary JSON answer then) and writes
 * the rest one by one. `close()` stops listening.
 */
export class EventReader<T> implements AsyncIterableIterator<T> {
  private readonly queue: T[] = [];
  private waiting: {
    resolve: (r: IteratorResult<T>) => void;
    reject: (e: unknown) => void;
  } | null = null;
  private ended = false;
  private failure: { error: unknown } | null = null;
  private readonly subscription: Subscription;

  constructor(source: Observable<T>) {
    this.subscription = source.subscribe({
      next: (value) => {
        if (this.waiting) this.take().resolve({ value, done: false });
        else this.queue.push(value);
      },
      error: (error: unknown) => {
        this.failure = { error };
        this.waiting?.reject(error);
        this.waiting = null;
      },
      complete: () => {
        this.ended = true;
        this.waiting?.resolve({ value: undefined, done: true });
        this.waiting = null;
      },
    });
  }

  next(): Promise<IteratorResult<T>> {
    const value = this.queue.shift();
    if (value !== undefined) return Promise.resolve({ value, done: false });
    if (this.failure) return Promise.reject(this.failure.error);
    if (this.ended) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
  }

  return(): Promise<IteratorResult<T>> {
    this.close();
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<T> {
    return this;
  }

  close(): void {
    this.subscription.unsubscribe();
    this.ended = true;
    this.waiting?.resolve({ value: undefined, done: true });
    this.waiting = null;
  }

  private take() {
    const waiting = this.waiting!;
    this.waiting = null;
    return waiting;
  }
}

/** One server-sent event: the event's type as its name, the rest as one line of JSON. */
export function sseFrame(event: Exclude<ChatStreamEvent, { type: 'ping' }>): string {
  const { type, ...data } = event;
  return `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}
