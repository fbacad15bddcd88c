/** How long from `from` until `to`, in the largest unit that reads well: '10 min', '2 days'. */
export const formatInterval = (from: Date, to: Date): string => {
  const minutes = Math.max(1, Math.round((to.getTime() - from.getTime()) / 60_000));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return plural(hours, 'hour');
  const days = Math.round(hours / 24);
  if (days < 31) return plural(days, 'day');
  const months = Math.round(days / 30.4);
  if (months < 12) return plural(months, 'month');
  return plural(Math.round(days / 365), 'year');
};

let dateTimeFormat: Intl.DateTimeFormat | null = null;

/** A moment in the reader's local date and time. */
export const formatDueTime = (iso: string): string => {
  dateTimeFormat ??= new Intl.DateTimeFormat(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return dateTimeFormat.format(new Date(iso));
};
