import { scaled } from '@cfp/test-support/time-scale';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { defaultTimeZone, setTimeZone } from '../../src/lib/format.ts';
import { mockApi, unansweredRequests } from './mock-api.ts';

// Lazy routes (the editor with Quill) can take over a second to import on a busy machine.
configure({ asyncUtilTimeout: scaled(5000) });

// A test passes only if nothing was reported through console.error (React warnings, failed renders...)
// other than what it declared with expectConsoleErrors().
const state = { errors: [] as unknown[][], expected: [] as RegExp[] };

/** For tests that provoke an error on purpose: console.error lines matching `pattern` are allowed. */
export function expectConsoleErrors(pattern: RegExp): void {
  state.expected.push(pattern);
}

beforeEach(() => {
  state.errors = [];
  state.expected = [];
  unansweredRequests.length = 0;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const text = args.map((arg) => (arg instanceof Error ? `${arg.name}: ${arg.message}` : String(arg))).join(' ');
    if (!state.expected.some((pattern) => pattern.test(text))) state.errors.push(args);
  });
  // Closed by default: a test that forgets mockApi() still cannot reach a network.
  mockApi({});
});

afterEach(() => {
  cleanup();
  // The live region lives outside the rendered app, for the whole page: each test starts without one.
  document.getElementById('status-announcer')?.remove();
  localStorage.clear();
  // The time zone the settings set is the module's: each test starts with the default.
  setTimeZone(defaultTimeZone);
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  expect(unansweredRequests, 'requests without a mocked answer').toEqual([]);
  expect(state.errors, 'unexpected console.error').toEqual([]);
});
