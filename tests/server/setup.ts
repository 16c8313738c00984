import { format } from 'node:util';
import { afterEach, beforeEach, expect, vi } from 'vitest';

// An unexpected console.error is a failing test (Epic Stack's habit): errors must not pass silently.
let errors: string[] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(format(...args));
  });
});
afterEach(() => {
  vi.mocked(console.error).mockRestore();
  expect(errors, 'console.error was called').toEqual([]);
});
