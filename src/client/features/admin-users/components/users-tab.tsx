import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/use-toast';
import { apiErrorMessage } from '@client/lib/api-client';
import { useAuth } from '@client/lib/auth/auth-context';
import { useT } from '@client/lib/i18n/use-t';
import type { AdminUser } from '@shared/admin-users';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useCreateUser } from '../api/create-user';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { useRegeneratePassword } from '../api/regenerate-password';
import { useUpdateUser } from '../api/update-user';
import { PasswordDialog } from './password-dialog';
import { UserFormDialog } from './user-form-dialog';
import { UsersTable } from './users-table';

type OpenDialog =
  | { kind: 'add' }
  | { kind: 'edit'; user: AdminUser }
  | { kind: 'delete'; user: AdminUser }
  | { kind: 'regenerate'; user: AdminUser }
  | { kind: 'password'; user: { name: string; email: string }; password: string; created: boolean };

/** The fixed title, with the server's reason (e.g. the last-admin rule) beneath. */
function failureToast(title: string, error: unknown) {
  const reason = apiErrorMessage(error, '');
  toast({ variant: 'destructive', title, description: reason || undefined });
}

function UsersSkeleton() {
  return (
    <div className="flex flex-col gap-3">
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex items-center gap-3">
          <Skeleton className="size-10 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-56" />
          </div>
        </div>
      ))}
    </div>
  );
}

interface UsersTabProps {
  /** The admin notifications preference: success notices only when on. Errors always show. */
  notificationsEnabled?: boolean;
}

/** User Management: the users table, add, edit, delete and new passwords. */
export function UsersTab({ notificationsEnabled = true }: UsersTabProps = {}) {
  const t = useT();
  const { user: me } = useAuth();
  const users = useUsers();
  const create = useCreateUser();
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const regenerate = useRegeneratePassword();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const close = () => setDialog(null);

  const formOpen = dialog?.kind === 'add' || dialog?.kind === 'edit';
  const editing = dialog?.kind === 'edit' ? dialog.user : undefined;

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4 px-4 sm:px-6">
        <div className="flex flex-col gap-1.5">
          <CardTitle>{t('admin.users.title')}</CardTitle>
          <CardDescription>{t('admin.users.description')}</CardDescription>
        </div>
        <Button onClick={() => setDialog({ kind: 'add' })}>
          <UserPlus aria-hidden="true" />
          {t('admin.users.add')}
        </Button>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        {users.isPending ? (
          <UsersSkeleton />
        ) : users.isError ? (
          <Alert title={t('admin.users.loadFailed')}>
            {apiErrorMessage(users.error, users.error.message)}
          </Alert>
        ) : users.data.length === 0 ? (
          <p className="text-muted-foreground">{t('admin.users.empty')}</p>
        ) : (
          <UsersTable
            users={users.data}
            currentUserId={me?.id}
            onEdit={(user) => setDialog({ kind: 'edit', user })}
            onRegenerate={(user) => setDialog({ kind: 'regenerate', user })}
            onDelete={(user) => setDialog({ kind: 'delete', user })}
          />
        )}
      </CardContent>

      <UserFormDialog
        open={formOpen}
        onOpenChange={(open) => {
          if (!open) close();
        }}
        user={editing}
        pending={editing ? update.isPending : create.isPending}
        onSubmit={(body) => {
          if (editing) {
            update.mutate(
              { id: editing.id, body },
              {
                onSuccess: () => {
                  close();
                  if (notificationsEnabled) {
                    toast({
                      variant: 'success',
                      title: t('admin.users.updated'),
                      description: t('admin.users.updatedBody', { name: body.name }),
                    });
                  }
                },
                onError: (error) => failureToast(t('admin.users.updateFailed'), error),
              },
            );
          } else {
            create.mutate(body, {
              onSuccess: ({ user, newPassword }) =>
                setDialog({ kind: 'password', user, password: newPassword, created: true }),
              onError: (error) => failureToast(t('admin.users.createFailed'), error),
            });
          }
        }}
      />

      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={
          dialog?.kind === 'delete'
            ? t('admin.users.delete.title', { name: dialog.user.name })
            : t('admin.users.delete.titleFallback')
        }
        description={t('admin.users.delete.description')}
        confirmLabel={t('admin.users.delete.confirm')}
        onCancel={close}
        onConfirm={() => {
          if (dialog?.kind !== 'delete') return;
          const { user } = dialog;
          remove.mutate(user.id, {
            onSuccess: () => {
              if (notificationsEnabled) {
                toast({
                  variant: 'success',
                  title: t('admin.users.deleted'),
                  description: t('admin.users.deletedBody', { name: user.name }),
                });
              }
            },
            onError: (error) => failureToast(t('admin.users.deleteFailed'), error),
          });
        }}
      />

      <ConfirmDialog
        open={dialog?.kind === 'regenerate'}
        title={
          dialog?.kind === 'regenerate'
            ? t('admin.users.regenerate.title', { name: dialog.user.name })
            : t('admin.users.regenerate.titleFallback')
        }
        description={t('admin.users.regenerate.description')}
        confirmLabel={t('admin.users.regenerate.confirm')}
        destructive={false}
        onCancel={close}
        onConfirm={() => {
          if (dialog?.kind !== 'regenerate') return;
          const { user } = dialog;
          regenerate.mutate(user.id, {
            onSuccess: ({ newPassword }) =>
              setDialog({ kind: 'password', user, password: newPassword, created: false }),
            onError: (error) => failureToast(t('admin.users.regenerate.failed'), error),
          });
        }}
      />

      <PasswordDialog
        user={dialog?.kind === 'password' ? dialog.user : null}
        password={dialog?.kind === 'password' ? dialog.password : ''}
        created={dialog?.kind === 'password' ? dialog.created : false}
        onClose={close}
      />
    </Card>
  );
}
