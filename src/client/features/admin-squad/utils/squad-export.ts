import type { Player } from '@shared/players';

export const EXPORT_COLUMNS = [
  'Name',
  'Position',
  'Jersey Number',
  'Manager',
  'Substitute',
  'Available for Rating',
] as const;

type ExportCell = string | number;

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** One row per player, in the column order above. */
export function squadExportRows(players: Player[]): ExportCell[][] {
  return players.map((p) => [
    p.name,
    p.position,
    p.jerseyNumber ?? '',
    yesNo(p.isManager),
    yesNo(p.isSubstitute),
    yesNo(p.isAvailableForRating),
  ]);
}

/**
 * A CSV cell: quoted when it holds a comma, quote or line break; text that a spreadsheet would run as
 * a formula (=, +, -, @) is prefixed with an apostrophe.
 */
export function csvCell(value: ExportCell): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function squadCsv(players: Player[]): string {
  const lines = [EXPORT_COLUMNS as readonly ExportCell[], ...squadExportRows(players)].map((row) =>
    row.map(csvCell).join(','),
  );
  return `${lines.join('\r\n')}\r\n`;
}

/** `squad-2026-11-21.csv`: named by the admin's local date. */
export function squadExportFileName(extension: 'csv' | 'xlsx', now = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `squad-${y}-${m}-${d}.${extension}`;
}
