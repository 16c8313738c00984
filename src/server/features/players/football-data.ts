import { z } from 'zod';

/**
 * The football-data provider, API-Football (v3) style: `GET {url}/players/profiles?player={id}` with the
 * key in `x-apisports-key` answers `{ errors, response: [{ player: { id, name, photo } }] }`. Only the
 * photo is used. Every call has a time limit; nothing here touches the database.
 */
export interface FootballDataConfig {
  url: string;
  key: string;
  /** Per request; 10 s unless told. */
  timeoutMs?: number;
  /** The largest photo downloaded, in bytes. */
  maxImageBytes: number;
}

export interface FootballData {
  /** The photo URL the provider gives for one of its player ids; throws when it has none. */
  playerPhotoUrl(apiPlayerId: number): Promise<string>;
  /** The photo's bytes, refused past `maxImageBytes`. */
  download(url: string): Promise<Buffer>;
}

export class FootballDataError extends Error {
  override name = 'FootballDataError';
}

const httpUrl = z
  .string()
  .refine((v) => URL.canParse(v) && ['http:', 'https:'].includes(new URL(v).protocol), 'not an http(s) URL');

const profileAnswer = z.object({
  // API-Football reports a bad key or quota with HTTP 200 and a non-empty `errors` ([] or {} when fine).
  errors: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).optional(),
  response: z.array(z.object({ player: z.object({ photo: httpUrl.nullish() }) })),
});

export function createFootballData(config: FootballDataConfig): FootballData {
  const base = config.url.replace(/\/+$/, '');
  const timeout = () => AbortSignal.timeout(config.timeoutMs ?? 10_000);

  return {
    async playerPhotoUrl(apiPlayerId) {
      const url = `${base}/players/profiles?player=${encodeURIComponent(String(apiPlayerId))}`;
      const res = await fetch(url, {
        headers: { 'x-apisports-key': config.key, accept: 'application/json' },
        signal: timeout(),
      });
      if (!res.ok) throw new FootballDataError(`profile ${apiPlayerId}: HTTP ${res.status}`);
      const parsed = profileAnswer.safeParse(await res.json());
      if (!parsed.success) throw new FootballDataError(`profile ${apiPlayerId}: unexpected answer`);
      const { errors, response } = parsed.data;
      if (errors && Object.keys(errors).length > 0) {
        throw new FootballDataError(`profile ${apiPlayerId}: ${JSON.stringify(errors).slice(0, 200)}`);
      }
      const photo = response[0]?.player.photo;
      if (!photo) throw new FootballDataError(`profile ${apiPlayerId}: no photo`);
      return photo;
    },

    async download(url) {
      // The key stays with the provider's API: the photo host is told nothing.
      const res = await fetch(url, { signal: timeout(), redirect: 'follow' });
      if (!res.ok || !res.body) throw new FootballDataError(`photo: HTTP ${res.status}`);
      const declared = Number(res.headers.get('content-length') ?? 0);
      if (declared > config.maxImageBytes) {
        await res.body.cancel();
        throw new FootballDataError('photo: too large');
      }
      const reader = res.body.getReader();
      const chunks: Uint8Array[] = [];
      let size = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > config.maxImageBytes) {
          await reader.cancel();
          throw new FootballDataError('photo: too large');
        }
        chunks.push(value);
      }
      return Buffer.concat(chunks);
    },
  };
}
