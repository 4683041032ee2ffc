import { mkdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContentWatcher } from '../src/site/content-watcher.ts';
import { temporaryDirectory } from './helper.ts';
import { waitUntil } from './support/waiting.ts';

const watchers: ContentWatcher[] = [];
afterEach(() => {
  for (const watcher of watchers.splice(0)) watcher.stop();
  vi.useRealTimers();
});

async function watching(directory: string, betweenSaves?: <T>(task: () => Promise<T>) => Promise<T>) {
  const onChange = vi.fn();
  const watcher = new ContentWatcher(directory, 20, onChange, betweenSaves);
  watchers.push(watcher);
  await watcher.start();
  return { onChange, watcher };
}

/**
 * With the watcher's timer faked: moves its clock to the next poll and waits until that poll
 * is over, which is when the watcher has scheduled the one after.
 */
async function nextPoll() {
  expect(vi.getTimerCount(), 'the watcher’s next poll is scheduled').toBe(1);
  vi.advanceTimersToNextTimer();
  await waitUntil(() => vi.getTimerCount() === 1, 'the watcher to finish its poll');
}

describe('the content watcher', () => {
  it('reports a changed, added or removed file once, and nothing while the folder is quiet', async () => {
    // The polls come when the test moves the watcher's clock on, not every 20 ms of the wall clock.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const content = temporaryDirectory();
    mkdirSync(path.join(content, 'formations'));
    writeFileSync(path.join(content, 'formations', 'soudure.md'), 'un');
    const { onChange } = await watching(content);
    for (let poll = 0; poll < 5; poll += 1) await nextPoll();
    expect(onChange).not.toHaveBeenCalled();

    writeFileSync(path.join(content, 'formations', 'soudure.md'), 'deux, plus long');
    await nextPoll();
    expect(onChange).toHaveBeenCalledTimes(1);
    writeFileSync(path.join(content, 'formations', 'chinois.md'), 'nouveau');
    await nextPoll();
    expect(onChange).toHaveBeenCalledTimes(2);
    await nextPoll();
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('sees git-sync swap its link to a new checkout, which a watch on the old folder would miss', async () => {
    const root = temporaryDirectory();
    for (const checkout of ['rev-1', 'rev-2']) {
      mkdirSync(path.join(root, checkout, 'content'), { recursive: true });
      writeFileSync(path.join(root, checkout, 'content', 'faq.yaml'), checkout === 'rev-1' ? '- a' : '- b');
    }
    symlinkSync('rev-1', path.join(root, 'current'));
    const { onChange } = await watching(path.join(root, 'current', 'content'));

    symlinkSync('rev-2', path.join(root, 'current.tmp'));
    renameSync(path.join(root, 'current.tmp'), path.join(root, 'current'));
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
  });

  it('does not report a save of the API, which it looks past while the save is written', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const content = temporaryDirectory();
    writeFileSync(path.join(content, 'faq.yaml'), '- a');
    // The repository's queue, reduced to one save that holds it from its first write to its end.
    let saving = Promise.resolve();
    const { onChange, watcher } = await watching(content, (task) => saving.then(task));
    let saved = () => {};
    saving = new Promise((resolve) => (saved = resolve));
    writeFileSync(path.join(content, 'faq.yaml'), '- a\n- b');
    vi.advanceTimersToNextTimer();
    await watcher.takeAsSeen();
    saved();
    await waitUntil(() => vi.getTimerCount() === 1, 'the watcher to finish its poll');
    await nextPoll();
    expect(onChange).not.toHaveBeenCalled();
  });
});
