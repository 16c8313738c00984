import { Spinner } from '@client/components/ui/spinner';
import type { ReactNode } from 'react';

interface LoadingScreenProps {
  message: string;
  children?: ReactNode;
}

/** A full-page wait with a live message; children add a way out (e.g. Start Over). */
export function LoadingScreen({ message, children }: LoadingScreenProps) {
  return (
    <main
      id="main"
      className="surface-dark flex flex-1 flex-col items-center justify-center gap-5 bg-chrome px-6 text-center text-white"
    >
      <Spinner className="size-10 text-chrome-accent" />
      <div role="status">
        <h1 className="text-lg font-semibold">{message}</h1>
      </div>
      {children}
    </main>
  );
}
