import { Card } from '@client/components/ui/card';
import { CalendarClock, Star, Trophy } from 'lucide-react';

const STEPS = [
  { Icon: Star, title: 'Rate the players', text: 'Score every player and the manager from 1 to 10.' },
  { Icon: Trophy, title: 'Pick your Man of the Match', text: 'One vote, submitted with your ratings.' },
  { Icon: CalendarClock, title: 'See the verdict', text: 'The fans’ leaderboard opens once you have voted.' },
];

/** The signed-in home until a match is live; the voting screen takes this place. */
export function NoLiveMatch({ firstName }: { firstName: string }) {
  return (
    <>
      <section aria-labelledby="no-match-title">
        <Card className="overflow-hidden">
          <div className="flex flex-col items-center gap-3 bg-[linear-gradient(135deg,#1a1a1a_0%,#3a0d0a_100%)] px-6 py-10 text-center text-white sm:py-14">
            <span className="rounded-full bg-white/10 px-3 py-1 text-xs font-semibold tracking-wide text-gold uppercase">
              Welcome, {firstName}
            </span>
            <h1 id="no-match-title" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
              No match is live right now
            </h1>
            <p className="max-w-md text-[0.9375rem] text-chrome-muted">
              Ratings open when the team takes the field. Check back on match day and have your say on every
              player.
            </p>
          </div>
        </Card>
      </section>
      <section aria-labelledby="how-it-works" className="flex flex-col gap-4">
        <h2 id="how-it-works" className="text-lg font-bold">
          How it works
        </h2>
        <ol className="grid gap-3 sm:grid-cols-3">
          {STEPS.map(({ Icon, title, text }, index) => (
            <li key={title}>
              <Card className="flex h-full items-start gap-4 p-5">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-text">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <div className="flex flex-col gap-1">
                  <p className="font-semibold">
                    <span className="sr-only">Step {index + 1}: </span>
                    {title}
                  </p>
                  <p className="text-sm text-muted-foreground">{text}</p>
                </div>
              </Card>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
