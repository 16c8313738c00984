import { Badge } from '@client/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { useT } from '@client/lib/i18n/use-t';
import { cn } from '@client/lib/utils';
import type { Player } from '@shared/players';
import type { Selection } from '../utils/squad-selection';
import { CheckCell, EditCell } from './check-cell';
import { PlayerThumb } from './player-thumb';

interface ManagerTableProps {
  managers: Player[];
  selection: Selection;
  disabled: boolean;
  onSelect: (manager: Player, checked: boolean) => void;
  onEdit: (manager: Player) => void;
}

/** The manager (at most one is rated) apart from the players. */
export function ManagerTable({ managers, selection, disabled, onSelect, onEdit }: ManagerTableProps) {
  const t = useT();
  if (managers.length === 0) {
    return <p className="text-sm text-muted-foreground">{t('admin-squad.managers.empty')}</p>;
  }
  return (
    <Table aria-label={t('admin-squad.managers.tableLabel')} className="table-fixed">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead className="ps-2">{t('admin-squad.manager')}</TableHead>
          <TableHead className="w-20 px-0 text-center sm:w-24">{t('admin-squad.managers.select')}</TableHead>
          <TableHead className="w-12 px-0 text-center sm:w-16">
            <span className="sr-only">{t('admin-squad.editColumn')}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {managers.map((manager) => {
          const selected = selection.squad.includes(manager.id);
          return (
            <TableRow key={manager.id} className={cn(selected && 'bg-primary-soft/40')}>
              <TableCell className="py-1.5 ps-2">
                <div className="flex min-w-0 items-center gap-2.5">
                  <PlayerThumb name={manager.name} src={manager.image} className="size-9" />
                  <div className="flex min-w-0 flex-col items-start">
                    <span className="max-w-full truncate font-semibold">{manager.name}</span>
                    {manager.isAvailableForRating ? (
                      <Badge variant="success">{t('admin-squad.published')}</Badge>
                    ) : null}
                  </div>
                </div>
              </TableCell>
              <TableCell className="px-0 py-0 text-center">
                <CheckCell
                  label={t('admin-squad.managers.selectName', { name: manager.name })}
                  checked={selected}
                  disabled={disabled}
                  onChange={(checked) => onSelect(manager, checked)}
                />
              </TableCell>
              <EditCell name={manager.name} onEdit={() => onEdit(manager)} />
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
