import type { ContentProblem, SiteBuildStatus } from '@cfp/shared';
import { formatDateTime, formatTime } from '../../lib/format.ts';

export function lastRunFailed(status: SiteBuildStatus): boolean {
  if (!status.lastFailureAt) return false;
  return !status.lastSuccessAt || status.lastFailureAt > status.lastSuccessAt;
}

/** The problems that keep the content off the site: its errors, and in strict mode every required point. */
export function heldBackProblems(report: SiteBuildStatus['content']): ContentProblem[] {
  return report?.problems.filter((problem) => problem.kind === 'error' || (report.strict && !problem.optional)) ?? [];
}

/** Why a change the site could take is not there yet, from where the builds stand. */
function waitReason(status: SiteBuildStatus): string {
  if (status.state === 'building') return 'the site is being rebuilt';
  if (status.state === 'scheduled') return 'the site rebuilds in a moment';
  if (lastRunFailed(status)) {
    const retry = status.nextRetryAt ? `; retrying at ${formatTime(status.nextRetryAt)}` : '';
    return `the last publication failed (${formatDateTime(status.lastFailureAt)})${retry}`;
  }
  return 'it waits for the next publication';
}

function contentSentence(status: SiteBuildStatus): string | undefined {
  const { content } = status.notLive;
  const change = content ? `The content changed at ${formatDateTime(content)}` : 'The latest change to the content';
  if (status.contentHeldBack) {
    const count = heldBackProblems(status.content).length;
    return `${change} is not on the site: the content check refused it (${count} ${count === 1 ? 'problem' : 'problems'}, listed below).`;
  }
  return content ? `${change} is not on the site yet: ${waitReason(status)}.` : undefined;
}

function postsSentence(status: SiteBuildStatus): string | undefined {
  const { posts } = status.notLive;
  return posts ? `A post change saved at ${formatDateTime(posts)} is not on the site yet: ${waitReason(status)}.` : undefined;
}

/**
 * What the public site does not show yet, in sentences staff understand: the content, then the
 * posts. None when the site shows both, the only case the panel says "Up to date".
 */
export function notLiveSentences(status: SiteBuildStatus): string[] {
  return [contentSentence(status), postsSentence(status)].filter((sentence) => sentence !== undefined);
}
