import { describe, expect, it } from 'vitest';
import { historyExportFilename, historyExportJson } from './export-file';

describe('history export file', () => {
  it('is named by the local date', () => {
    expect(historyExportFilename(new Date(2025, 8, 3, 23, 59))).toBe('match-history-2025-09-03.json');
    expect(historyExportFilename(new Date(2026, 0, 1, 0, 0))).toBe('match-history-2026-01-01.json');
  });

  it('holds pretty-printed JSON that reads back the same', () => {
    const data = [{ matchTitle: 'Club vs Rivals', totalVotes: 3 }];
    const text = historyExportJson(data);
    expect(text).toContain('\n  {');
    expect(JSON.parse(text)).toEqual(data);
  });
});
