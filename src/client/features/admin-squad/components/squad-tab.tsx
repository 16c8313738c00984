import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { useT } from '@client/lib/i18n/use-t';
import type { Player } from '@shared/players';
import { useMemo, useState } from 'react';
import { useSquadPlayers } from '../api/squad-api';
import { useShortlists } from '../hooks/use-shortlists';
import { useSquadActions } from '../hooks/use-squad-actions';
import { AddPlayerDialog } from './add-player-dialog';
import { EditPlayerDialog } from './edit-player-dialog';
import { ManagerTable } from './manager-table';
import { PlayersTable } from './players-table';
import { SelectionSummary } from './selection-summary';
import { SquadToolbar } from './squad-toolbar';
import { SubstitutesPanel } from './substitutes-panel';

const NO_PLAYERS: Player[] = [];

interface SquadTabProps {
  notificationsEnabled: boolean;
}

/** Squad Management: pick the Starting XI, the substitutes and the manager, then publish them in one go. */
export function SquadTab({ notificationsEnabled }: SquadTabProps) {
  const t = useT();
  const { data, isPending, isError, refetch } = useSquadPlayers();
  const players = data ?? NO_PLAYERS;
  const [selection, setSelection] = useShortlists(data);
  const actions = useSquadActions({ players, selection, setSelection, notificationsEnabled });
  const [editing, setEditing] = useState<Player | null>(null);
  const [adding, setAdding] = useState(false);

  const managers = useMemo(() => players.filter((p) => p.isManager), [players]);
  const outfield = useMemo(() => players.filter((p) => !p.isManager), [players]);
  const substitutes = useMemo(
    () => outfield.filter((p) => actions.check.body.substitutes.includes(p.id)),
    [outfield, actions.check.body.substitutes],
  );
  const manager = managers.find((p) => p.id === actions.check.body.managerId);
  const publishedCount = players.filter((p) => p.isAvailableForRating).length;

  if (isPending) {
    return (
      <div className="flex flex-col gap-4" aria-hidden="true">
        <Skeleton className="h-12 w-full max-w-xl" />
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-96 w-full" />
      </div>
    );
  }
  if (isError) {
    return (
      <Alert title={t('admin-squad.loadError')}>
        <Button variant="link" onClick={() => void refetch()}>
          {t('admin-squad.tryAgain')}
        </Button>
      </Alert>
    );
  }

  return (
    <div className="flex max-w-6xl flex-col gap-6">
      <SquadToolbar
        players={players}
        notificationsEnabled={notificationsEnabled}
        onAddPlayer={() => setAdding(true)}
      />

      <Card>
        <CardHeader className="p-4 pb-0 sm:p-6 sm:pb-0">
          <CardTitle>{t('admin-squad.selection.title')}</CardTitle>
          <CardDescription>{t('admin-squad.selection.description')}</CardDescription>
        </CardHeader>
        <CardContent className="p-4 sm:p-6">
          <SelectionSummary
            check={actions.check}
            manager={manager}
            publishedCount={publishedCount}
            busy={actions.busy}
            onPublish={actions.publish}
            onClear={actions.clear}
          />
        </CardContent>
      </Card>

      <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-2">
        <Card>
          <CardHeader className="p-4 pb-0 sm:p-6 sm:pb-0">
            <CardTitle>{t('admin-squad.manager')}</CardTitle>
          </CardHeader>
          <CardContent className="p-2 pt-3 sm:p-6 sm:pt-4">
            <ManagerTable
              managers={managers}
              selection={selection}
              disabled={actions.busy}
              onSelect={actions.changeStarter}
              onEdit={setEditing}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader className="p-4 pb-0 sm:p-6 sm:pb-0">
            <CardTitle>{t('admin-squad.substitutes')}</CardTitle>
          </CardHeader>
          <CardContent className="p-4 sm:p-6">
            <SubstitutesPanel
              substitutes={substitutes}
              busy={actions.busy}
              onRemove={(player) => actions.changeSubstitute(player, false)}
            />
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader className="p-4 pb-0 sm:p-6 sm:pb-0">
          <CardTitle>{t('admin-squad.playersTitle')}</CardTitle>
        </CardHeader>
        <CardContent className="p-2 pt-3 sm:p-6 sm:pt-4">
          <PlayersTable
            players={outfield}
            selection={selection}
            disabled={actions.busy}
            onStarterChange={actions.changeStarter}
            onSubstituteChange={actions.changeSubstitute}
            onEdit={setEditing}
          />
        </CardContent>
      </Card>

      <AddPlayerDialog open={adding} onOpenChange={setAdding} notificationsEnabled={notificationsEnabled} />
      <EditPlayerDialog
        player={editing}
        notificationsEnabled={notificationsEnabled}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}
