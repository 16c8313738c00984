import { keyOf } from '@shared/endpoint';
import { squadApi } from '@shared/squad';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';

describe('query keys', () => {
  it("the admin's published-players key is its contract's key", () => {
    expect(queryKeys.adminAvailablePlayers).toEqual(keyOf(squadApi.available));
  });
});
