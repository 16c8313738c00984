import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client';
import { authRetryDelay, classifyAuthFailure } from './auth-retry';

/** Every delay the policy yields for one kind of failure, until it gives up. */
function schedule(failure: Parameters<typeof authRetryDelay>[1]): number[] {
  const delays: number[] = [];
  for (let failures = 0; failures < 20; failures++) {
    const delay = authRetryDelay(failures, failure);
    if (delay === null) break;
    delays.push(delay);
  }
  return delays;
}

describe('authRetryDelay', () => {
  it('does not retry a clean 401', () => {
    expect(schedule('unauthorized')).toEqual([]);
  });

  it('retries a non-OK answer twice, at 150 ms then 300 ms', () => {
    expect(schedule('http')).toEqual([150, 300]);
  });

  it('retries network errors three times with exponential backoff from 1 s', () => {
    expect(schedule('network')).toEqual([1000, 2000, 4000]);
  });

  it('caps the network backoff at 5 s', () => {
    expect(authRetryDelay(2, 'network')).toBeLessThanOrEqual(5000);
    expect(Math.max(...schedule('network'))).toBeLessThanOrEqual(5000);
  });
});

describe('classifyAuthFailure', () => {
  it('treats 401 as signed out and other statuses as server faults', () => {
    expect(classifyAuthFailure(new ApiError(401, 'Unauthorized', '{"message":"Not authenticated"}'))).toBe(
      'unauthorized',
    );
    expect(classifyAuthFailure(new ApiError(500, 'Internal Server Error', ''))).toBe('http');
    expect(classifyAuthFailure(new ApiError(503, 'Service Unavailable', ''))).toBe('http');
  });

  it('treats fetch failures and timeouts as network errors', () => {
    expect(classifyAuthFailure(new TypeError('Failed to fetch'))).toBe('network');
    expect(classifyAuthFailure(new DOMException('timed out', 'TimeoutError'))).toBe('network');
  });

  it('treats an answer that breaks the contract as a server fault', () => {
    expect(classifyAuthFailure(new SyntaxError('Unexpected token'))).toBe('http');
  });
});
