import { availableParallelism } from 'node:os';

/**
 * Image processing is heavy (a 40-megapixel 16-bit PNG decodes to ~320 MB and keeps a core
 * busy for seconds) and runs on libuv's small thread pool, which file reads and password
 * hashing share: at most one job per core runs, a bounded number wait, the rest are refused.
 */
export class ProcessingQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly maxRunning: number;
  private readonly maxWaiting: number;

  constructor(maxRunning = availableParallelism(), maxWaiting = 32) {
    this.maxRunning = maxRunning;
    this.maxWaiting = maxWaiting;
  }

  /** Runs the job when a slot frees up, or answers undefined at once when the queue is full. */
  tryRun<T>(job: () => Promise<T>): Promise<T> | undefined {
    if (this.running < this.maxRunning) {
      this.running += 1;
      return this.runAndRelease(job);
    }
    if (this.waiting.length >= this.maxWaiting) return undefined;
    return new Promise<void>((resolve) => this.waiting.push(resolve)).then(() => this.runAndRelease(job));
  }

  private async runAndRelease<T>(job: () => Promise<T>): Promise<T> {
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next job, so `running` stays as it is.
      if (next) next();
      else this.running -= 1;
    }
  }
}
