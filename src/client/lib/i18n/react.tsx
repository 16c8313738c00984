import type { Translator, Values } from '@shared/i18n/translator';
import {
  cloneElement,
  createContext,
  Fragment,
  type ReactElement,
  type ReactNode,
  useContext,
  useMemo,
  useSyncExternalStore,
} from 'react';

interface I18nValue {
  i18n: Translator;
  locale: string;
  /** A new function after every load or switch, so memoised texts follow. */
  _: Translator['_'];
}

const I18nContext = createContext<I18nValue | null>(null);

/** Redraws what reads the catalogue when a bundle arrives or the language changes. */
export function I18nProvider({ i18n, children }: { i18n: Translator; children: ReactNode }) {
  const version = useSyncExternalStore(
    (listener) => i18n.subscribe(listener),
    () => `${i18n.locale}|${Object.keys(i18n.messages).length}`,
    () => `${i18n.locale}|${Object.keys(i18n.messages).length}`,
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is what changes; i18n is one object.
  const value = useMemo<I18nValue>(
    () => ({ i18n, locale: i18n.locale, _: (id, values) => i18n._(id, values) }),
    [i18n, version],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n must be used inside <I18nProvider>');
  return value;
}

const TAG = /<(\d+)>|<\/(\d+)>/g;

/**
 * A message with numbered tags (`Read the <0>terms</0>`) drawn with the given elements around their
 * text; the message's words stay in the catalogue, the elements (links, bold) in the code.
 */
export function Trans({
  id,
  values,
  components = {},
}: {
  id: string;
  values?: Values;
  components?: Record<number, ReactElement>;
}) {
  const { _ } = useI18n();
  const text = _(id, values);
  const root: ReactNode[] = [];
  const stack: { index: number; children: ReactNode[] }[] = [];
  let current = root;
  let last = 0;
  let key = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > last) current.push(text.slice(last, match.index));
    last = match.index + match[0].length;
    if (match[1] !== undefined) {
      stack.push({ index: Number(match[1]), children: current });
      current = [];
    } else {
      const open = stack.pop();
      if (!open) continue;
      const element = components[open.index];
      const inner = current;
      current = open.children;
      current.push(
        element ? cloneElement(element, { key: key++ }, ...inner) : <Fragment key={key++}>{inner}</Fragment>,
      );
    }
  }
  if (last < text.length) current.push(text.slice(last));
  return <>{root}</>;
}
