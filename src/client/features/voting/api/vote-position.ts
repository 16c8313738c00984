import { callEndpoint } from '@client/lib/api-client';
import { keyOf } from '@shared/endpoint';
import { groundApi } from '@shared/ground';
import type { VoteLocation } from '@shared/votes';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';

/** A position older than this says little about where the vote is cast. */
const FRESH_MS = 30 * 60_000;
/** The longest a submit waits for a new fix before it goes with the last one (or none). */
const SUBMIT_WAIT_MS = 2_500;

const groundQueryOptions = queryOptions({
  queryKey: keyOf(groundApi.status),
  queryFn: () => callEndpoint(groundApi.status, {}),
  staleTime: 10 * 60_000,
});

function position(options: PositionOptions): Promise<VoteLocation | undefined> {
  return new Promise((resolve) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      resolve(undefined);
      return;
    }
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        resolve({ latitude: coords.latitude, longitude: coords.longitude, accuracy: coords.accuracy }),
      // Refused, unavailable or too slow: the vote goes without it, as any fan's who did not consent.
      () => resolve(undefined),
      options,
    );
  });
}

/**
 * Where the fan votes from, for the ground's verdict: asked only of a fan who consented to location, while
 * they can still vote and the club has set its ground. The position is taken once while they rate (so the
 * browser's own question comes before the submit) and again at the submit if the device answers quickly;
 * the server keeps only whether it was at the ground.
 */
export function useVotePosition(wanted: boolean): () => Promise<VoteLocation | undefined> {
  const queryClient = useQueryClient();
  const ground = useQuery({ ...groundQueryOptions, enabled: wanted });
  const active = wanted && ground.data?.active === true;
  const last = useRef<{ location: VoteLocation; at: number } | null>(null);

  useEffect(() => {
    if (!active) return;
    let current = true;
    void position({ enableHighAccuracy: true, maximumAge: 5 * 60_000, timeout: 60_000 }).then((location) => {
      if (current && location) last.current = { location, at: Date.now() };
    });
    return () => {
      current = false;
    };
  }, [active]);

  return useCallback(async () => {
    if (!wanted) return undefined;
    // A submit made before the ground's answer arrived waits for it (from the cache when it has it).
    const status = await queryClient.fetchQuery(groundQueryOptions).catch(() => null);
    if (!status?.active) return undefined;
    const fresh = await position({ enableHighAccuracy: true, maximumAge: 60_000, timeout: SUBMIT_WAIT_MS });
    if (fresh) return fresh;
    const kept = last.current;
    return kept && Date.now() - kept.at < FRESH_MS ? kept.location : undefined;
  }, [wanted, queryClient]);
}
