/** 'Export All Historical Data' downloads one JSON file named by the day it was made. */

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** match-history-YYYY-MM-DD.json, in the admin's local calendar. */
export function historyExportFilename(now: Date): string {
  return `match-history-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;
}

/** Pretty-printed, so a person can read the file too. */
export function historyExportJson(data: unknown): string {
  return `${JSON.stringify(data, null, 2)}\n`;
}

/** Hands the browser a file to save (no server round trip: the data is already here). */
export function downloadFile(filename: string, contents: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([contents], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Let the download start before the address is revoked.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
