import { stripVTControlCharacters } from 'node:util';
import { type ContentReport, fieldLabel } from '@cfp/shared';

/**
 * Why a site build failed, in words staff can act on (the status's `lastError`): the file and
 * field of a content error, or "the build stopped: " and the first line of the output that says
 * why. The build's output, stack frames included, stays in the log.
 */

/** A failed build whose plain cause is known; `message` keeps the technical detail for the log. */
export class SiteBuildFailure extends Error {
  override name = 'SiteBuildFailure';
  readonly plainCause: string;
  /** What the build printed, as far as BuildOutput keeps it. */
  readonly output: string;

  constructor(plainCause: string, detail: string, output = '') {
    super(detail);
    this.plainCause = plainCause;
    this.output = output;
  }
}

const headChars = 8000;
const tailChars = 4000;

/**
 * A build's output as far as it says anything: its beginning, where Astro names what failed
 * (the content check's errors come first), and its end.
 */
export class BuildOutput {
  private head = '';
  private tail = '';
  private length = 0;

  add(text: string): void {
    if (this.head.length < headChars) this.head += text;
    this.tail = (this.tail + text).slice(-tailChars);
    this.length += text.length;
  }

  text(): string {
    return this.length === this.head.length ? this.head : `${this.head}\n${this.tail}`;
  }

  lastLines(count: number): string {
    return this.tail.trim().split('\n').slice(-count).join('\n');
  }
}

const timestamp = /^\d{2}:\d{2}:\d{2}\s+/;
/** Stack frames, their headers and pointers, and Astro's page tree: never a cause. */
const noise =
  /^(at\s|Stack trace:?$|Require stack:?$|Error reference:?$|https?:\/\/|- \/|\/|file:\/\/|node:internal|\^+$|[│├└─]|Hint:|Location:)/;
/** Summaries that say a build failed, not why. */
const verdict = /^(\[[\w:]+\]\s*)?✗?\s*build failed( in [\d.]+m?s)?\.?$/i;
const saysWhy = /error|failed|cannot|can't|could not|unable|not found|unexpected|invalid|refus/i;
const contentFile = /content\/[\w/-]+\.(md|ya?ml)/;

/**
 * The line of a build's output (or error message) that says why it stopped: one naming a content
 * file first (the check lists its errors before the rest), then one saying what failed, else the last.
 */
export function firstMeaningfulLine(output: string): string | undefined {
  const lines = stripVTControlCharacters(output)
    .split('\n')
    .map((line) =>
      line
        .trim()
        .replace(timestamp, '')
        .replace(/^\[ERROR\]\s*/, ''),
    )
    .filter((line) => line !== '' && !noise.test(line) && !verdict.test(line));
  const line =
    lines.find((candidate) => contentFile.test(candidate)) ?? lines.find((candidate) => saysWhy.test(candidate)) ?? lines.at(-1);
  return line
    ?.replace(/^\[\w*Error\]\s*/, '')
    .replace(/^- /, '')
    .slice(0, 300);
}

/** The cause of a build that stopped with this output: the content file's own words when it names one. */
export function buildOutputCause(output: string, fallback: string): string {
  const line = firstMeaningfulLine(output);
  if (line && contentFile.test(line)) return `the content does not build: ${line}`;
  return `the build stopped: ${line ?? fallback}`;
}

/** Content the check refuses, when there is no earlier content to build instead: its first error, by file and field. */
export function contentCheckCause(report: ContentReport): string {
  const [first, ...others] = report.problems.filter(
    (problem) => problem.kind === 'error' || (report.strict && !problem.optional),
  );
  if (!first) return 'the content check refused the content';
  const where = first.field ? `${first.file} › ${fieldLabel(first.file, first.field)}` : first.file;
  const more = others.length > 0 ? ` (and ${others.length} more)` : '';
  return `the content check refused ${where}: ${first.message}${more}`;
}

/** What the status says about a failed build. */
export function failureCause(error: Error): string {
  if (error instanceof SiteBuildFailure) return error.plainCause;
  return buildOutputCause(error.message, error.name);
}
