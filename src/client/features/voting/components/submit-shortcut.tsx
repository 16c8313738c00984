import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/utils';
import { ArrowUp, CircleCheck } from 'lucide-react';
import { useEffect, useState } from 'react';

interface SubmitShortcutProps {
  /** Everything is rated and a Man of the Match chosen, and the vote is not in yet. */
  ready: boolean;
  /** The Voting Progress card the shortcut leads back to. */
  targetId: string;
  /** The submit button inside it, focused on arrival. */
  buttonId: string;
  /** Leave room for the floating admin button in the bottom-right corner. */
  avoidCorner: boolean;
}

/**
 * Phones only: the second submit card is for wider screens, so once the vote is
 * ready and the progress card is scrolled away, a bar at the bottom leads back to 'Submit Vote'.
 */
export function SubmitShortcut({ ready, targetId, buttonId, avoidCorner }: SubmitShortcutProps) {
  const [targetVisible, setTargetVisible] = useState(true);

  useEffect(() => {
    const target = document.getElementById(targetId);
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setTargetVisible(entry?.isIntersecting ?? true));
    observer.observe(target);
    return () => observer.disconnect();
  }, [targetId]);

  if (!ready || targetVisible) return null;

  const goToSubmit = () => {
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    document
      .getElementById(targetId)
      ?.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'center' });
    document.getElementById(buttonId)?.focus({ preventScroll: true });
  };

  return (
    <div
      className={cn(
        'surface-dark fixed bottom-4 left-4 z-30 flex items-center gap-3 rounded-lg bg-chrome py-2 pr-2 pl-4 text-white shadow-xl md:hidden',
        avoidCorner ? 'right-22' : 'right-4',
      )}
    >
      <CircleCheck className="size-5 shrink-0 text-gold" aria-hidden="true" />
      <p className="min-w-0 flex-1 text-sm leading-tight font-semibold">Ready to submit your vote</p>
      <Button size="sm" onClick={goToSubmit}>
        <ArrowUp aria-hidden="true" />
        Go to submit
      </Button>
    </div>
  );
}
