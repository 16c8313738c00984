import { useI18n } from './react';

/**
 * The translate function for the language being read: `t('area.name')`, `t('area.count', { count })`.
 * Keys are literal strings (`area.name`) so the catalogue test finds every one in use.
 */
export function useT() {
  return useI18n()._;
}
