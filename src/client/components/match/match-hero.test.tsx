import { i18n } from '@client/lib/i18n/i18n';
import { I18nProvider } from '@client/lib/i18n/react';
import { loadCatalogsForTests } from '@client/lib/i18n/testing';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MatchHero, MatchHeroFact, MatchHeroPill } from './match-hero';
import { MatchStatusBadge } from './match-status-badge';

function render(node: ReactNode): string {
  return renderToStaticMarkup(<I18nProvider i18n={i18n}>{node}</I18nProvider>);
}

/** The words a screen reader reads, in order. */
const words = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const match = {
  title: 'United vs Arsenal',
  tournament: 'FA Cup',
  venue: 'Old Trafford',
  score: '2-1',
  homeScore: 0,
  awayScore: 0,
};

describe('MatchStatusBadge', () => {
  loadCatalogsForTests();

  it('says each status, named for a screen reader unless its label is beside it', () => {
    expect(words(render(<MatchStatusBadge status="LIVE" />))).toBe('Match status: LIVE');
    expect(words(render(<MatchStatusBadge status="Half Time" named={false} />))).toBe('Half Time');
    expect(words(render(<MatchStatusBadge status="Match Ended" />))).toBe('Match status: Match Ended');
    expect(words(render(<MatchStatusBadge status="Not Started" />))).toBe('Match status: Not Started');
  });

  it('draws for the card it sits on: the same words on the dark match card and on a light one', () => {
    const dark = render(<MatchStatusBadge status="Match Ended" surface="dark" />);
    const light = render(<MatchStatusBadge status="Match Ended" />);
    expect(dark).toContain('text-white');
    expect(light).toContain('bg-secondary');
    expect(words(dark)).toBe(words(light));
  });

  it('reads in the language being read', () => {
    loadCatalogsForTests('fr');
    expect(words(render(<MatchStatusBadge status="LIVE" />))).toBe('Statut du match : EN DIRECT');
    loadCatalogsForTests();
  });
});

describe('MatchHero', () => {
  loadCatalogsForTests();

  it('heads the screen with the title and the score from its text, then the day, kick-off, venue and more', () => {
    const html = render(
      <MatchHero
        titleId="hero"
        match={match}
        day="Sun 14 Sept 2025"
        kickOff="Kick-off 3:00 PM"
        badges={<MatchHeroPill>Full time</MatchHeroPill>}
      >
        <MatchHeroFact>Season 2025/26</MatchHeroFact>
      </MatchHero>,
    );
    expect(html).toMatch(/<h1 id="hero"[^>]*>United vs Arsenal<\/h1>/);
    expect(html).toContain('aria-labelledby="hero"');
    expect(words(html)).toBe(
      'FA Cup Full time United vs Arsenal Score: 2 – to 1 Date: Sun 14 Sept 2025 Kick-off 3:00 PM Venue: Old Trafford Season 2025/26',
    );
  });

  it('leaves out a day and a venue it does not have, and names the default tournament', () => {
    const html = render(
      <MatchHero
        titleId="hero"
        match={{ ...match, tournament: '', venue: '', score: '', homeScore: 3, awayScore: 0 }}
        day={null}
        badges={null}
      />,
    );
    expect(words(html)).toBe('Premier League United vs Arsenal Score: 3 – to 0');
  });
});
