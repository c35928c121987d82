/**
 * How many pictures are decoded at once in this process: a few, each within its budget, so memory
 * stays bounded whatever arrives together. Others wait their turn for a short while, in order; past
 * that (or with too many already waiting) they are told to try again (503 with Retry-After).
 */
import { AppError } from '../../errors';

export const PICTURES_BUSY_RETRY_SECONDS = 5;
export const MESSAGE_PICTURES_BUSY = 'The server is busy reading other pictures. Please try again in a few seconds.';

const busy = () => new AppError(503, 'pictures_busy', MESSAGE_PICTURES_BUSY, { retryAfterSeconds: PICTURES_BUSY_RETRY_SECONDS });

export interface PoolOptions {
  /** Decodes at once. */
  size: number;
  /** Requests that may wait for a turn; more are refused at once. */
  maxWaiting: number;
  /** How long one waits before it is refused. */
  waitMs: number;
}

export class DecodePool {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** The most decodes that ran at once, for tests and the bench. */
  peak = 0;

  constructor(private readonly options: PoolOptions) {}

  /** Runs `work` in a turn of its own; AppError 503 when no turn comes soon enough. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.running < this.options.size) {
      this.take();
      return Promise.resolve();
    }
    if (this.waiting.length >= this.options.maxWaiting) return Promise.reject(busy());
    return new Promise((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        this.take();
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(turn), 1);
        reject(busy());
      }, this.options.waitMs);
      this.waiting.push(turn);
    });
  }

  private take(): void {
    this.running += 1;
    this.peak = Math.max(this.peak, this.running);
  }

  private release(): void {
    this.running -= 1;
    this.waiting.shift()?.();
  }
}
