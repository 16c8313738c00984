import { callEndpoint } from '@client/lib/api-client';
import { accountApi, accountExportFileName } from '@shared/account';

/** GET /api/user/{id}/export, checked against the contract, then saved as the dated JSON file. */
export async function downloadAccountData(userId: string): Promise<void> {
  const data = await callEndpoint(accountApi.export, { params: { id: userId }, cache: 'no-store' });
  const blob = new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = accountExportFileName(new Date(data.exportedAt));
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has taken its copy once the click has run; the next tick frees ours.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** DELETE /api/user/{id}: the account and its personal data go; the server ends every session. */
export function deleteAccount(userId: string) {
  return callEndpoint(accountApi.remove, { params: { id: userId } });
}
