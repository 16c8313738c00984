import { type ClassValue, clsx } from 'clsx';
import { mergeClasses } from './class-merge';

/** Joins class names and lets a later Tailwind class override an earlier one. */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}

/** Up to two initials for a name ("Manchester United" -> "MU"), used where no image exists. */
export function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0] ?? '')
    .join('');
  return (letters.length > 2 ? `${letters[0]}${letters.at(-1)}` : letters).toUpperCase() || '?';
}

/** Only http(s) links from settings are rendered, so a stored "javascript:" URL can never run. */
export function safeExternalUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
