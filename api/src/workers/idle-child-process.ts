import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

interface Envelope<Question> {
  id: number;
  question: Question;
}

type Reply<Answer> = { id: number; answer: Answer } | { id: number; error: string };

/**
 * A module that answers questions in a child process of its own, started by a question and
 * stopped when no question came for the time the last one asked. For work that would hold the
 * event loop (the content check: about a second on the whole content) or the heap (the password
 * estimator's 39 MB of dictionaries) while visitors wait: a process that exits gives all its
 * memory back to the system, where a worker thread's allocator keeps much of it (a thread left
 * 48 MB behind). The module answers with `answerQuestions`.
 */
export class IdleChildProcess<Question, Answer> {
  private child: ChildProcess | undefined;
  private readonly waiting = new Map<number, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>();
  private lastId = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  private keepLoadedMs = 0;
  private readonly module: URL;
  /** What it is, for the error when it stops: "the password estimator". */
  private readonly name: string;

  constructor(module: URL, name: string) {
    this.module = module;
    this.name = name;
  }

  /** Whether the process, and what it loaded, is in memory. */
  get loaded(): boolean {
    return this.child !== undefined;
  }

  /** `keepLoadedMs`: how long the process stays once no question waits. */
  ask(question: Question, keepLoadedMs: number): Promise<Answer> {
    const child = this.running();
    clearTimeout(this.idleTimer);
    this.keepLoadedMs = keepLoadedMs;
    // Held while a question waits (a CLI would otherwise exit before the answer), let go when idle.
    child.ref();
    child.channel?.ref();
    this.lastId += 1;
    const envelope: Envelope<Question> = { id: this.lastId, question };
    return new Promise((resolve, reject) => {
      this.waiting.set(envelope.id, { resolve, reject });
      child.send(envelope);
    });
  }

  /** Keeps a loaded, idle process for `ms` more, counted from now. */
  keepLoaded(ms: number): void {
    if (!this.child || this.waiting.size > 0) return;
    clearTimeout(this.idleTimer);
    this.keepLoadedMs = ms;
    this.stopWhenIdle();
  }

  private running(): ChildProcess {
    if (this.child) return this.child;
    const child = fork(fileURLToPath(this.module), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.on('message', (reply: Reply<Answer>) => {
      const waiter = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if ('error' in reply) waiter?.reject(new Error(`${this.name}: ${reply.error}`));
      else waiter?.resolve(reply.answer);
      if (this.waiting.size === 0) this.stopWhenIdle();
    });
    child.on('error', (error) => this.fail(child, error));
    child.on('exit', () => this.fail(child, new Error(`${this.name} stopped`)));
    this.child = child;
    return child;
  }

  private stopWhenIdle() {
    this.child?.unref();
    this.child?.channel?.unref();
    this.idleTimer = setTimeout(() => {
      const child = this.child;
      this.child = undefined;
      child?.kill();
    }, this.keepLoadedMs);
    this.idleTimer.unref();
  }

  /** A process that failed or stopped answers no more: its questions fail, the next one starts another. */
  private fail(child: ChildProcess, error: Error) {
    if (this.child !== child) return;
    this.child = undefined;
    for (const { reject } of this.waiting.values()) reject(error);
    this.waiting.clear();
  }
}

/** In the child process: answers each question the parent's IdleChildProcess asks, one after the other. */
export function answerQuestions<Question, Answer>(answer: (question: Question) => Answer | Promise<Answer>): void {
  // The parent gone (stopped while a question was being answered), no one is left to answer: leave quietly.
  process.on('disconnect', () => process.exit(0));
  process.on('message', async ({ id, question }: Envelope<Question>) => {
    let reply: Reply<Answer>;
    try {
      reply = { id, answer: await answer(question) };
    } catch (error) {
      reply = { id, error: (error as Error).message };
    }
    process.send?.(reply, undefined, {}, (error) => {
      if (error) process.exit(0);
    });
  });
}
