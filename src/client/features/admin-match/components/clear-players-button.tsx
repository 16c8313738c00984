import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { UserMinus } from 'lucide-react';
import { useState } from 'react';
import { useClearAllPlayers } from '../api/clear-players';

interface ClearPlayersButtonProps {
  disabled: boolean;
  notificationsEnabled: boolean;
}

/** 'Clear All Players from Rating', behind a confirm. */
export function ClearPlayersButton({ disabled, notificationsEnabled }: ClearPlayersButtonProps) {
  const clear = useClearAllPlayers();
  const [confirming, setConfirming] = useState(false);
  const clearAll = () => {
    setConfirming(false);
    clear.mutate(undefined, {
      onSuccess: () => {
        if (notificationsEnabled) {
          toast({
            variant: 'success',
            title: 'Players Cleared',
            description: 'Nobody is available for rating now.',
          });
        }
      },
      onError: () =>
        toast({
          variant: 'destructive',
          description: 'Failed to clear players. Please try again.',
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
        Clear All Players from Rating
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Clear all players from rating?"
        description="Fans will have nobody to rate until you publish a squad again. The squad you picked stays in Squad Management."
        confirmLabel="Clear All Players"
        destructive={false}
        onConfirm={clearAll}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
