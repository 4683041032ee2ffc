import { mkdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContentWatcher } from '../src/site/content-watcher.ts';
import { temporaryDirectory } from './helper.ts';

const watchers: ContentWatcher[] = [];
afterEach(() => {
  for (const watcher of watchers.splice(0)) watcher.stop();
});

async function watching(directory: string) {
  const onChange = vi.fn();
  const watcher = new ContentWatcher(directory, 20, onChange);
  watchers.push(watcher);
  await watcher.start();
  return onChange;
}

describe('the content watcher', () => {
  it('reports a changed, added or removed file once, and nothing while the folder is quiet', async () => {
    const content = temporaryDirectory();
    mkdirSync(path.join(content, 'formations'));
    writeFileSync(path.join(content, 'formations', 'soudure.md'), 'un');
    const onChange = await watching(content);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(onChange).not.toHaveBeenCalled();

    writeFileSync(path.join(content, 'formations', 'soudure.md'), 'deux, plus long');
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    writeFileSync(path.join(content, 'formations', 'chinois.md'), 'nouveau');
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledTimes(2));
  });

  it('sees git-sync swap its link to a new checkout, which a watch on the old folder would miss', async () => {
    const root = temporaryDirectory();
    for (const checkout of ['rev-1', 'rev-2']) {
      mkdirSync(path.join(root, checkout, 'content'), { recursive: true });
      writeFileSync(path.join(root, checkout, 'content', 'faq.yaml'), checkout === 'rev-1' ? '- a' : '- b');
    }
    symlinkSync('rev-1', path.join(root, 'current'));
    const onChange = await watching(path.join(root, 'current', 'content'));

    symlinkSync('rev-2', path.join(root, 'current.tmp'));
    renameSync(path.join(root, 'current.tmp'), path.join(root, 'current'));
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
  });
});
