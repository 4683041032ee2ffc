import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';

// Lazy routes (the editor with Quill) can take over a second to import on a busy machine.
configure({ asyncUtilTimeout: 5000 });

// A test passes only if nothing was reported through console.error (React warnings, failed renders...).
let errors: unknown[][] = [];

beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  expect(errors, 'unexpected console.error').toEqual([]);
});
