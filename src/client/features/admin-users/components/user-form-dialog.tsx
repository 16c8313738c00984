import { Checkbox } from '@client/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { FormDialogFooter } from '@client/components/ui/form-dialog-footer';
import { FormField, fieldAria } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { useT } from '@client/lib/i18n/use-t';
import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminUser, type UserBody, userBody } from '@shared/admin-users';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';

interface UserFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The user being edited; none for 'Add New User'. */
  user?: AdminUser | undefined;
  pending: boolean;
  onSubmit: (values: z.output<typeof userBody>) => void;
}

const EMPTY: UserBody = { name: '', email: '', isAdmin: false };

/** 'Add New User' and 'Edit User': name, e-mail and the admin flag, with their validation messages. */
export function UserFormDialog({ open, onOpenChange, user, pending, onSubmit }: UserFormDialogProps) {
  const t = useT();
  const editing = user !== undefined;
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<UserBody, unknown, z.output<typeof userBody>>({
    resolver: zodResolver(userBody),
    defaultValues: EMPTY,
  });

  // Each opening starts from the user's saved values (or blank for a new user).
  useEffect(() => {
    if (open) reset(user ? { name: user.name, email: user.email, isAdmin: user.isAdmin } : EMPTY);
  }, [open, user, reset]);

  const prefix = editing ? 'edit-user' : 'new-user';
  const ids = { name: `${prefix}-name`, email: `${prefix}-email`, admin: `${prefix}-admin` };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{editing ? t('admin.users.form.editTitle') : t('admin.users.add')}</DialogTitle>
          <DialogDescription>
            {editing ? t('admin.users.form.editDescription') : t('admin.users.form.addDescription')}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-5">
          <FormField id={ids.name} label={t('admin.users.form.name')} error={errors.name?.message}>
            <Input autoComplete="off" {...fieldAria(ids.name, errors.name?.message)} {...register('name')} />
          </FormField>
          <FormField id={ids.email} label={t('admin.users.form.email')} error={errors.email?.message}>
            <Input
              type="email"
              inputMode="email"
              autoComplete="off"
              placeholder="fan@example.com"
              {...fieldAria(ids.email, errors.email?.message)}
              {...register('email')}
            />
          </FormField>
          <Controller
            control={control}
            name="isAdmin"
            render={({ field }) => (
              <div className="flex min-h-11 items-center gap-3">
                <Checkbox
                  id={ids.admin}
                  checked={field.value}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                  onBlur={field.onBlur}
                  ref={field.ref}
                />
                <Label htmlFor={ids.admin} className="cursor-pointer py-2 font-normal leading-snug">
                  {t('admin.users.form.isAdmin')}
                </Label>
              </div>
            )}
          />
          <FormDialogFooter
            onCancel={() => onOpenChange(false)}
            pending={pending}
            submitLabel={editing ? t('admin.users.form.save') : t('admin.users.form.create')}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
