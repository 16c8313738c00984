import { Button } from '@client/components/ui/button';
import { positionName } from '@client/lib/i18n/positions';
import { Trans } from '@client/lib/i18n/react';
import { useT } from '@client/lib/i18n/use-t';
import { cn } from '@client/lib/utils';
import { SUBSTITUTES_MAX } from '@shared/domain';
import type { Player } from '@shared/players';
import { X } from 'lucide-react';
import { isAddedSubstitute } from '../utils/squad-selection';

interface SubstitutesPanelProps {
  /** The substitutes picked (ticked Substitute in the players table). */
  substitutes: Player[];
  busy: boolean;
  onRemove: (player: Player) => void;
}

/** The substitutes picked for rating: up to 5, published with the rest of the squad. */
export function SubstitutesPanel({ substitutes, busy, onRemove }: SubstitutesPanelProps) {
  const t = useT();
  if (substitutes.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">{t('admin-squad.subs.empty', { max: SUBSTITUTES_MAX })}</p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">
        <Trans
          id="admin-squad.subs.picked"
          values={{ count: substitutes.length, max: SUBSTITUTES_MAX }}
          components={{ 0: <span dir="ltr" className="font-semibold text-foreground tabular-nums" /> }}
        />
      </p>
      <ul className="flex flex-col gap-2" aria-label={t('admin-squad.subs.listLabel')}>
        {substitutes.map((player) => {
          const published = isAddedSubstitute(player);
          return (
            <li
              key={player.id}
              className={cn(
                'flex min-h-14 items-center gap-2 rounded-md border py-1 ps-3 pe-2',
                published ? 'border-success/50 bg-success-soft' : 'border-border',
              )}
            >
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-semibold">
                  {player.jerseyNumber !== null ? (
                    <span className="me-1.5 text-xs font-bold text-muted-foreground tabular-nums">
                      #{player.jerseyNumber}
                    </span>
                  ) : null}
                  {player.name}
                </span>
                <span className="truncate text-xs text-muted-foreground">
                  {positionName(player.position)}
                  {published ? (
                    <span className="font-semibold text-success"> · {t('admin-squad.published')}</span>
                  ) : null}
                </span>
              </div>
              <Button
                variant="outline"
                size="sm"
                disabled={busy}
                onClick={() => onRemove(player)}
                aria-label={t('admin-squad.subs.untickName', { name: player.name })}
              >
                <X aria-hidden="true" />
                {t('admin-squad.subs.remove')}
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
