import { describe, expect, it } from 'vitest';
import { PublicAnswers } from './public-answers';

describe('public answers kept in memory', () => {
  it('makes an answer once per key while fresh, shares a making in flight, and makes it again once stale', async () => {
    let now = 1_000;
    const answers = new PublicAnswers(5_000, () => now);
    let made = 0;
    const make = async () => `{"n":${++made}}`;
    const [a, b] = await Promise.all([
      answers.get('table:2026-27', make),
      answers.get('table:2026-27', make),
    ]);
    expect([a, b, made]).toEqual(['{"n":1}', '{"n":1}', 1]);
    now += 4_999;
    expect(await answers.get('table:2026-27', make)).toBe('{"n":1}');
    now += 1;
    expect(await answers.get('table:2026-27', make)).toBe('{"n":2}');
    // Another key is its own answer.
    expect(await answers.get('report:7', make)).toBe('{"n":3}');
  });

  it('keeps no failure (a 404 is asked again) and forgets everything after a write', async () => {
    const answers = new PublicAnswers(60_000);
    await expect(answers.get('report:9', () => Promise.reject(new Error('404')))).rejects.toThrow('404');
    expect(await answers.get('report:9', async () => 'found')).toBe('found');
    answers.forget();
    expect(await answers.get('report:9', async () => 'corrected')).toBe('corrected');
  });
});
