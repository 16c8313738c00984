import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { useT } from '@client/lib/i18n/use-t';
import { Check, Copy } from 'lucide-react';
import { useRef, useState } from 'react';

interface PasswordDialogProps {
  /** Who the password belongs to; the dialog is open while this is set. */
  user: { name: string; email: string } | null;
  password: string;
  /** A new account, or a regenerated password for an existing one. */
  created: boolean;
  onClose: () => void;
}

/**
 * A generated password, shown once. It lives only in this dialog's state:
 * closing the dialog forgets it.
 */
export function PasswordDialog({ user, password, created, onClose }: PasswordDialogProps) {
  const t = useT();
  const inputRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(password);
      setCopied('yes');
    } catch {
      // No clipboard access (insecure origin, denied permission): select it for a manual copy.
      inputRef.current?.select();
      setCopied('failed');
    }
  }

  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(null);
          onClose();
        }
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            {created ? t('admin.users.password.createdTitle') : t('admin.users.password.regeneratedTitle')}
          </DialogTitle>
          <DialogDescription>
            {t('admin.users.password.description', { name: user?.name ?? '', email: user?.email ?? '' })}
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-2">
          <Label htmlFor="generated-password">{t('admin.users.password.label')}</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              ref={inputRef}
              id="generated-password"
              readOnly
              value={password}
              onFocus={(event) => event.currentTarget.select()}
              className="font-mono tracking-wide"
            />
            <Button variant="secondary" onClick={copy} aria-describedby="copy-status">
              {copied === 'yes' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              {copied === 'yes' ? t('admin.users.password.copied') : t('admin.users.password.copy')}
            </Button>
          </div>
          <p id="copy-status" role="status" className="min-h-5 text-sm text-muted-foreground">
            {copied === 'yes'
              ? t('admin.users.password.copiedStatus')
              : copied === 'failed'
                ? t('admin.users.password.copyBlocked')
                : ''}
          </p>
        </div>
        <DialogFooter>
          <Button onClick={onClose}>{t('admin.users.password.done')}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
