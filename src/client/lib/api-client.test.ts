import { endpoint } from '@shared/endpoint';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { callEndpoint } from './api-client';

afterEach(() => vi.unstubAllGlobals());

describe('callEndpoint', () => {
  it('fills the path, adds the query it was given and parses the answer with the contract', async () => {
    const fetch = vi.fn(async () => new Response('{"n":3}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const e = endpoint({
      method: 'GET',
      path: '/api/things/:id',
      params: z.object({ id: z.string() }),
      query: z.object({ page: z.number(), q: z.string().optional() }),
      response: z.object({ n: z.number() }),
    });
    await expect(
      callEndpoint(e, { params: { id: 'a b' }, query: { page: 2, q: undefined } }),
    ).resolves.toEqual({
      n: 3,
    });
    expect(fetch).toHaveBeenCalledWith(
      '/api/things/a%20b?page=2',
      expect.objectContaining({ method: 'GET' }),
    );
  });
});
