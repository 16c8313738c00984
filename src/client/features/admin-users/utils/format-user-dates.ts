/** Dates of the user table, en-GB. */

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'Never' when the user has not signed in. */
export function formatLastLogin(value: string | null | undefined): string {
  const date = parse(value);
  return date ? dateTimeFormat.format(date) : 'Never';
}

export function formatCreated(value: string | null | undefined): string {
  const date = parse(value);
  return date ? dateFormat.format(date) : '-';
}
