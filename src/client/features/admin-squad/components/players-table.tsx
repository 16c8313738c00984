import { Badge } from '@client/components/ui/badge';
import { Label } from '@client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { positionName } from '@client/lib/i18n/positions';
import { useT } from '@client/lib/i18n/use-t';
import { cn } from '@client/lib/utils';
import { positionGroup } from '@shared/domain';
import type { Player } from '@shared/players';
import { useId, useState } from 'react';
import { POSITION_FILTERS, type PositionFilter } from '../utils/admin-positions';
import { isAddedSubstitute, type Selection, substituteBoxLocked } from '../utils/squad-selection';
import { CheckCell, EditCell } from './check-cell';
import { PlayerThumb } from './player-thumb';

interface PlayersTableProps {
  players: Player[];
  selection: Selection;
  disabled: boolean;
  onStarterChange: (player: Player, checked: boolean) => void;
  onSubstituteChange: (player: Player, checked: boolean) => void;
  onEdit: (player: Player) => void;
}

/** The squad (managers apart) with a position filter and the Starting XI / Substitute boxes (a pick, not yet published). */
export function PlayersTable({
  players,
  selection,
  disabled,
  onStarterChange,
  onSubstituteChange,
  onEdit,
}: PlayersTableProps) {
  const t = useT();
  const id = useId();
  const [filter, setFilter] = useState<PositionFilter>('all');
  const shown = filter === 'all' ? players : players.filter((p) => positionGroup(p.position) === filter);

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-2 sm:max-w-xs">
        <Label htmlFor={`${id}-filter`}>{t('admin-squad.filter.label')}</Label>
        <Select value={filter} onValueChange={(value) => setFilter(value as PositionFilter)}>
          <SelectTrigger id={`${id}-filter`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {POSITION_FILTERS.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {t(option.labelKey)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <Table aria-label={t('admin-squad.playersTitle')} className="table-fixed">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead className="ps-2">{t('admin-squad.players.player')}</TableHead>
            <TableHead className="hidden w-44 sm:table-cell">{t('admin-squad.position')}</TableHead>
            <TableHead className="w-16 px-0 text-center sm:w-24">
              <span aria-hidden="true" className="sm:hidden">
                {t('admin-squad.players.startingXiShort')}
              </span>
              <span className="sr-only sm:not-sr-only">{t('admin-squad.startingXi')}</span>
            </TableHead>
            <TableHead className="w-16 px-0 text-center sm:w-24">
              <span aria-hidden="true" className="sm:hidden">
                {t('admin-squad.players.substituteShort')}
              </span>
              <span className="sr-only sm:not-sr-only">{t('admin-squad.substitute')}</span>
            </TableHead>
            <TableHead className="w-12 px-0 text-center sm:w-16">
              <span className="sr-only">{t('admin-squad.editColumn')}</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {shown.length === 0 ? (
            <TableRow>
              <TableCell colSpan={5} className="py-6 text-center text-muted-foreground">
                {t('admin-squad.players.emptyFilter')}
              </TableCell>
            </TableRow>
          ) : (
            shown.map((player) => {
              const starter = selection.squad.includes(player.id);
              const sub = selection.subs.includes(player.id);
              const added = isAddedSubstitute(player);
              return (
                <TableRow key={player.id} className={cn((starter || sub) && 'bg-primary-soft/40')}>
                  <TableCell className="py-1.5 ps-2">
                    <div className="flex min-w-0 items-center gap-2.5">
                      <PlayerThumb
                        name={player.name}
                        src={player.image}
                        className="hidden size-9 min-[400px]:flex"
                      />
                      <div className="flex min-w-0 flex-col">
                        <span className="flex min-w-0 items-baseline gap-1.5">
                          {player.jerseyNumber !== null ? (
                            <span className="shrink-0 text-xs font-bold text-muted-foreground tabular-nums">
                              #{player.jerseyNumber}
                            </span>
                          ) : null}
                          <span className="truncate font-semibold">{player.name}</span>
                        </span>
                        <span className="truncate text-xs text-muted-foreground sm:hidden">
                          {positionName(player.position)}
                        </span>
                        {player.isAvailableForRating ? (
                          <span className="mt-0.5 flex">
                            <Badge variant="success">
                              {added ? t('admin-squad.players.publishedSub') : t('admin-squad.published')}
                            </Badge>
                          </span>
                        ) : null}
                      </div>
                    </div>
                  </TableCell>
                  <TableCell className="hidden text-muted-foreground sm:table-cell">
                    {positionName(player.position)}
                  </TableCell>
                  <TableCell className="px-0 py-0 text-center">
                    <CheckCell
                      label={t('admin-squad.players.starterName', { name: player.name })}
                      checked={starter}
                      disabled={disabled}
                      onChange={(checked) => onStarterChange(player, checked)}
                    />
                  </TableCell>
                  <TableCell className="px-0 py-0 text-center">
                    <CheckCell
                      label={t('admin-squad.players.substituteName', { name: player.name })}
                      checked={sub}
                      disabled={disabled || substituteBoxLocked(selection, player)}
                      onChange={(checked) => onSubstituteChange(player, checked)}
                    />
                  </TableCell>
                  <EditCell name={player.name} onEdit={() => onEdit(player)} />
                </TableRow>
              );
            })
          )}
        </TableBody>
      </Table>
    </div>
  );
}
