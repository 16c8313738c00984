import { type ComponentType, createElement, lazy, type ReactNode, useState } from 'react';

type PropsOf<C> = C extends (props: infer P) => ReactNode ? P : never;

/**
 * A lazy screen that can be fetched ahead of its render and, once fetched, renders at once (React's
 * `lazy` suspends on its first render even when the code is already here). The page uses it to keep the
 * server's drawing of a screen on view until the screen's code has arrived, instead of a loading state.
 */
export function preloadable<C extends (props: never) => ReactNode>(load: () => Promise<{ default: C }>) {
  let loaded: C | null = null;
  let pending: Promise<{ default: C }> | null = null;
  const preload = () => {
    pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  type Props = PropsOf<C> & object;
  const Lazy = lazy(preload as unknown as () => Promise<{ default: ComponentType<Props> }>);
  function Preloadable(props: Props) {
    // Chosen once per mount: switching from the lazy wrapper to the component would remount the screen.
    const [ready] = useState(() => loaded as ComponentType<Props> | null);
    return createElement(ready ?? Lazy, props);
  }
  return Object.assign(Preloadable, { preload: () => preload().then(() => undefined) });
}
