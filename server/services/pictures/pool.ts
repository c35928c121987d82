/**
 * How much decoding memory this process spends at once: each decode reserves what its header says it
 * will hold (header.ts), and decodes run together only while their reservations fit the pool's
 * budget, so memory stays bounded whatever arrives together, while a crowd of small pictures (card
 * portraits, avatars) is not held up behind a count. Others wait their turn, in order (a large
 * picture is not starved by smaller ones arriving after it); past a while, or with too many already
 * waiting, they are told to try again (503 with Retry-After).
 */
import { AppError } from '../../errors';

export const PICTURES_BUSY_RETRY_SECONDS = 5;
export const MESSAGE_PICTURES_BUSY = 'The server is busy reading other pictures. Please try again in a few seconds.';

const busy = () => new AppError(503, 'pictures_busy', MESSAGE_PICTURES_BUSY, { retryAfterSeconds: PICTURES_BUSY_RETRY_SECONDS });

export interface PoolOptions {
  /** Bytes the decodes running at once may hold together. */
  budgetBytes: number;
  /** Requests that may wait for a turn; more are refused at once. */
  maxWaiting: number;
  /** How long one waits before it is refused. */
  waitMs: number;
}

interface Waiter {
  bytes: number;
  turn: () => void;
}

export class DecodePool {
  private reserved = 0;
  private running = 0;
  private readonly waiting: Waiter[] = [];
  /** The most decodes that ran at once, and the most bytes they reserved together, for tests and the bench. */
  peak = 0;
  peakBytes = 0;

  constructor(private readonly options: PoolOptions) {}

  /** Runs `work` once `cost` bytes of the budget are free; AppError 503 when no turn comes soon enough. */
  async run<T>(cost: number, work: () => Promise<T>): Promise<T> {
    // A decode never reserves more than the whole budget, so one within the per-picture limit always gets a turn.
    const bytes = Math.min(Math.max(0, cost), this.options.budgetBytes);
    await this.acquire(bytes);
    try {
      return await work();
    } finally {
      this.release(bytes);
    }
  }

  private fits(bytes: number): boolean {
    return this.running === 0 || this.reserved + bytes <= this.options.budgetBytes;
  }

  private acquire(bytes: number): Promise<void> {
    if (this.waiting.length === 0 && this.fits(bytes)) {
      this.take(bytes);
      return Promise.resolve();
    }
    if (this.waiting.length >= this.options.maxWaiting) return Promise.reject(busy());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        bytes,
        turn: () => {
          clearTimeout(timer);
          this.take(bytes);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        reject(busy());
        this.admit();
      }, this.options.waitMs);
      this.waiting.push(waiter);
    });
  }

  private take(bytes: number): void {
    this.running += 1;
    this.reserved += bytes;
    this.peak = Math.max(this.peak, this.running);
    this.peakBytes = Math.max(this.peakBytes, this.reserved);
  }

  private release(bytes: number): void {
    this.running -= 1;
    this.reserved -= bytes;
    this.admit();
  }

  /** Lets waiters in, oldest first, while the oldest fits. */
  private admit(): void {
    while (this.waiting.length > 0 && this.fits(this.waiting[0]!.bytes)) this.waiting.shift()!.turn();
  }
}
