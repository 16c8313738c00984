import { Avatar } from '@client/components/ui/avatar';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
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
  return isAdmin ? <Badge>Admin</Badge> : <Badge variant="muted">User</Badge>;
}

function NameCell({ user, isYou }: { user: AdminUser; isYou: boolean }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar name={user.name} src={user.avatar} />
      <div className="flex min-w-0 flex-col">
        <span className="flex items-center gap-2 font-semibold">
          <span className="truncate">{user.name}</span>
          {isYou ? <Badge variant="outline">You</Badge> : null}
        </span>
        <span className="truncate text-sm text-muted-foreground">{user.email}</span>
      </div>
    </div>
  );
}

function ActionButtons({ user, onEdit, onRegenerate, onDelete }: UserActions & { user: AdminUser }) {
  return (
    <div className="flex items-center justify-end gap-1">
      <Button variant="ghost" size="icon" aria-label={`Edit ${user.name}`} onClick={() => onEdit(user)}>
        <Pencil aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Generate a new password for ${user.name}`}
        onClick={() => onRegenerate(user)}
      >
        <KeyRound aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Delete ${user.name}`}
        className="text-destructive hover:bg-primary-soft hover:text-destructive"
        onClick={() => onDelete(user)}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  );
}

/** Name (avatar), Role, Last Login, Vote Count, Created, actions. Cards on phones. */
export function UsersTable({ users, currentUserId, ...actions }: UsersTableProps) {
  return (
    <>
      <div className="hidden md:block">
        <Table aria-label="Users">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Name</TableHead>
              <TableHead>Role</TableHead>
              <TableHead>Last Login</TableHead>
              <TableHead className="text-right">Vote Count</TableHead>
              <TableHead>Created</TableHead>
              <TableHead className="text-right">
                <span className="sr-only">Actions</span>
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
                <TableCell className="text-right tabular-nums">{user.voteCount}</TableCell>
                <TableCell className="whitespace-nowrap">{formatCreated(user.createdAt)}</TableCell>
                <TableCell>
                  <ActionButtons user={user} {...actions} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul aria-label="Users" className="flex flex-col gap-3 md:hidden">
        {users.map((user) => (
          <li key={user.id} className="flex flex-col gap-3 rounded-md border border-border p-3">
            <div className="flex items-start justify-between gap-2">
              <NameCell user={user} isYou={user.id === currentUserId} />
              <RoleBadge isAdmin={user.isAdmin} />
            </div>
            <dl className="grid grid-cols-3 gap-2 text-sm">
              <div className="flex flex-col gap-0.5">
                <dt className="text-xs font-semibold text-muted-foreground">Last Login</dt>
                <dd>{formatLastLogin(user.lastLoginAt)}</dd>
              </div>
              <div className="flex flex-col gap-0.5">
                <dt className="text-xs font-semibold text-muted-foreground">Vote Count</dt>
                <dd className="tabular-nums">{user.voteCount}</dd>
              </div>
              <div className="flex flex-col gap-0.5">
                <dt className="text-xs font-semibold text-muted-foreground">Created</dt>
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
