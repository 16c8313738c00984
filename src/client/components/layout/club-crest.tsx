import { cn } from '@client/lib/utils';

/**
 * The club's badge when it has no logo: a shield in the club's colours as chosen, its initials in the
 * text colour that reads on the primary. Inline
 * and a few hundred bytes, since it is on the first screen. Decorative: the club's name is always beside
 * or under it.
 */
export function ClubCrest({ initials, className }: { initials: string; className?: string }) {
  const long = [...initials].length > 1;
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" className={cn('size-full', className)}>
      <path d="M24 1.5 44 7.5v15C44 35 35.5 43 24 47 12.5 43 4 35 4 22.5v-15z" className="fill-white" />
      <path
        d="M24 4.8 41 9.9v12.6C41 33.3 33.8 40.2 24 43.8 14.2 40.2 7 33.3 7 22.5V9.9z"
        className="fill-club-primary"
      />
      <path d="M24 4.8 41 9.9v4.6H7V9.9z" className="fill-club-secondary" />
      <path d="M16 37.5h16" className="stroke-club-primary-ink/70" strokeWidth="1.6" strokeLinecap="round" />
      <text
        x="24"
        y={long ? 31.5 : 32.5}
        textAnchor="middle"
        className="fill-club-primary-ink font-extrabold"
        fontSize={long ? 15 : 19}
        letterSpacing={long ? -0.3 : 0}
      >
        {initials}
      </text>
    </svg>
  );
}
