import { Avatar } from '@client/components/ui/avatar';
import { Badge } from '@client/components/ui/badge';
import { IconButton } from '@client/components/ui/icon-button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { useT } from '@client/lib/i18n/use-t';
import type { AdminUser } from '@shared/admin-users';
import { KeyRound, Pencil, Trash2 } from 'lucide-react';
import { formatCreated, formatLastLogin } from '../utils/format-user-dates';

export interface UserActions {
  onEdit: (user: AdminUser) => void;
  onRegenerate: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
}

interface UsersTableProps extends UserActions {
  users: AdminUser[];
  currentUserId: string | undefined;
}

function RoleBadge({ isAdmin }: { isAdmin: boolean }) {
  const t = useT();
  return isAdmin ? (
    <Badge>{t('admin.users.role.admin')}</Badge>
  ) : (
    <Badge variant="muted">{t('admin.users.role.user')}</Badge>
  );
}

function NameCell({ user, isYou }: { user: AdminUser; isYou: boolean }) {
  const t = useT();
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar name={user.name} src={user.avatar} />
      <div className="flex min-w-0 flex-col">
        <span className="flex items-center gap-2 font-semibold">
          <span className="truncate">{user.name}</span>
          {isYou ? <Badge variant="outline">{t('admin.users.you')}</Badge> : null}
        </span>
        <span className="truncate text-sm text-muted-foreground">{user.email}</span>
      </div>
    </div>
  );
}

function ActionButtons({ user, onEdit, onRegenerate, onDelete }: UserActions & { user: AdminUser }) {
  const t = useT();
  return (
    <div className="flex items-center justify-end gap-1">
      <IconButton label={t('admin.users.actions.edit', { name: user.name })} onClick={() => onEdit(user)}>
        <Pencil aria-hidden="true" />
      </IconButton>
      <IconButton
        label={t('admin.users.actions.regenerate', { name: user.name })}
        onClick={() => onRegenerate(user)}
      >
        <KeyRound aria-hidden="true" />
      </IconButton>
      <IconButton
        label={t('admin.users.actions.delete', { name: user.name })}
        className="text-destructive hover:bg-primary-soft hover:text-destructive"
        onClick={() => onDelete(user)}
      >
        <Trash2 aria-hidden="true" />
      </IconButton>
    </div>
  );
}

/** Name (avatar), Role, Last Login, Vote Count, Created, actions. Cards on phones. */
export function UsersTable({ users, currentUserId, ...actions }: UsersTableProps) {
  const t = useT();
  return (
    <>
      <div className="hidden md:block">
        <Table aria-label={t('admin.users.table.label')}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>{t('admin.users.table.name')}</TableHead>
              <TableHead>{t('admin.users.table.role')}</TableHead>
              <TableHead>{t('admin.users.table.lastLogin')}</TableHead>
              <TableHead className="text-end">{t('admin.users.table.voteCount')}</TableHead>
              <TableHead>{t('admin.users.table.created')}</TableHead>
              <TableHead className="text-end">
                <span className="sr-only">{t('admin.users.table.actions')}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {users.map((user) => (
              <TableRow key={user.id}>
                <TableCell className="max-w-72">
                  <NameCell user={user} isYou={user.id === currentUserId} />
                </TableCell>
                <TableCell>
                  <RoleBadge isAdmin={user.isAdmin} />
                </TableCell>
                <TableCell className="whitespace-nowrap">{formatLastLogin(user.lastLoginAt)}</TableCell>
                <TableCell className="text-end tabular-nums">{user.voteCount}</TableCell>
                <TableCell className="whitespace-nowrap">{formatCreated(user.createdAt)}</TableCell>
                <TableCell>
                  <ActionButtons user={user} {...actions} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul aria-label={t('admin.users.table.label')} className="flex flex-col gap-3 md:hidden">
        {users.map((user) => (
          <li key={user.id} className="flex flex-col gap-3 rounded-md border border-border p-3">
            <div className="flex items-start justify-between gap-2">
              <NameCell user={user} isYou={user.id === currentUserId} />
              <RoleBadge isAdmin={user.isAdmin} />
            </div>
            <dl className="grid grid-cols-3 gap-2 text-sm">
              <div className="flex flex-col gap-0.5">
                <dt className="text-xs font-semibold text-muted-foreground">
                  {t('admin.users.table.lastLogin')}
                </dt>
                <dd>{formatLastLogin(user.lastLoginAt)}</dd>
              </div>
              <div className="flex flex-col gap-0.5">
                <dt className="text-xs font-semibold text-muted-foreground">
                  {t('admin.users.table.voteCount')}
                </dt>
                <dd className="tabular-nums">{user.voteCount}</dd>
              </div>
              <div className="flex flex-col gap-0.5">
                <dt className="text-xs font-semibold text-muted-foreground">
                  {t('admin.users.table.created')}
                </dt>
                <dd>{formatCreated(user.createdAt)}</dd>
              </div>
            </dl>
            <ActionButtons user={user} {...actions} />
          </li>
        ))}
      </ul>
    </>
  );
}
