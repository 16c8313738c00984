import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { useT } from '@client/lib/i18n/use-t';
import { UserMinus } from 'lucide-react';
import { useState } from 'react';
import { useClearAllPlayers } from '../api/clear-players';

interface ClearPlayersButtonProps {
  disabled: boolean;
  notificationsEnabled: boolean;
}

/** 'Clear All Players from Rating', behind a confirm. */
export function ClearPlayersButton({ disabled, notificationsEnabled }: ClearPlayersButtonProps) {
  const t = useT();
  const clear = useClearAllPlayers();
  const [confirming, setConfirming] = useState(false);
  const clearAll = () => {
    setConfirming(false);
    clear.mutate(undefined, {
      onSuccess: () => {
        if (notificationsEnabled) {
          toast({
            variant: 'success',
            title: t('admin-match.clear.successTitle'),
            description: t('admin-match.clear.successDescription'),
          });
        }
      },
      onError: () =>
        toast({
          variant: 'destructive',
          description: t('admin-match.clear.failed'),
        }),
    });
  };
  return (
    <>
      <Button
        variant="outline"
        className="w-full border-destructive text-destructive hover:bg-primary-soft sm:w-auto"
        disabled={disabled || clear.isPending}
        onClick={() => setConfirming(true)}
      >
        {clear.isPending ? <Spinner /> : <UserMinus aria-hidden="true" />}
        {t('admin-match.clear.button')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('admin-match.clear.confirmTitle')}
        description={t('admin-match.clear.confirmDescription')}
        confirmLabel={t('admin-match.clear.confirmLabel')}
        destructive={false}
        onConfirm={clearAll}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
