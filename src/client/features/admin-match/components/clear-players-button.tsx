import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@client/components/ui/alert-dialog';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { UserMinus } from 'lucide-react';
import { useClearAllPlayers } from '../api/clear-players';

interface ClearPlayersButtonProps {
  disabled: boolean;
  notificationsEnabled: boolean;
}

/** 'Clear All Players from Rating', behind a confirm. */
export function ClearPlayersButton({ disabled, notificationsEnabled }: ClearPlayersButtonProps) {
  const clear = useClearAllPlayers();
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant="outline"
          className="w-full border-destructive text-destructive hover:bg-primary-soft sm:w-auto"
          disabled={disabled || clear.isPending}
        >
          {clear.isPending ? <Spinner /> : <UserMinus aria-hidden="true" />}
          Clear All Players from Rating
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Clear all players from rating?</AlertDialogTitle>
          <AlertDialogDescription>
            Fans will have nobody to rate until you publish a squad again. The squad you picked stays in Squad
            Management.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            onClick={() =>
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
              })
            }
          >
            Clear All Players
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
