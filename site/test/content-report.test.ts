import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scaled } from '@cfp/test-support/time-scale';
import { afterAll, describe, expect, it } from 'vitest';

const repository = fileURLToPath(new URL('../..', import.meta.url));
const script = join(repository, 'scripts', 'content-report.ts');
const temporary: string[] = [];

afterAll(async () => {
  await Promise.all(temporary.map((directory) => rm(directory, { recursive: true, force: true })));
});

function report(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [script, ...args], { cwd: repository, timeout: scaled(20_000) }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

describe('content report (scripts/content-report.ts)', () => {
  it('passes on the content: every programme has 300 words or more and at most 10 % of shared sentences', async () => {
    const { code, stdout, stderr } = await report();
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^39 programmes; words \(body \+ job\): min \d+, median \d+, max \d+;/m);
  });

  it('fails on a thin programme and on text copied from another one', async () => {
    const copy = await mkdtemp(join(tmpdir(), 'cfp-report-'));
    temporary.push(copy);
    await cp(join(repository, 'content'), copy, { recursive: true });
    const file = (slug: string) => join(copy, 'formations', `${slug}.md`);
    // Soudure keeps its job text but loses its body; chaudronnerie gains the body of electricite-batiment.
    const soudure = await readFile(file('soudure'), 'utf8');
    await writeFile(file('soudure'), soudure.replace(/\n---\n[\s\S]*$/, '\n---\nUn seul paragraphe.\n'));
    const copied = (await readFile(file('electricite-batiment'), 'utf8')).split('\n---\n')[1] ?? '';
    expect(copied.length).toBeGreaterThan(1000);
    await writeFile(file('chaudronnerie'), `${await readFile(file('chaudronnerie'), 'utf8')}\n${copied}`);

    const { code, stderr } = await report(copy);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^- soudure: \d+ words, under 300$/m);
    expect(stderr).toMatch(/^- chaudronnerie: [\d.]+ % of its sentences found elsewhere$/m);
  });
});
