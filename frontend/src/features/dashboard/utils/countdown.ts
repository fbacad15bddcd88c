/**
 * The countdown to the planned MCAT date: whole days, rounded up, from today at
 * local midnight to the planned date, and the message for past, today and future.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

export const daysUntil = (plannedDate: string, now: Date): number => {
  const [year, month, day] = plannedDate.split('T')[0].split('-').map(Number);
  const planned = Date.UTC(year, month - 1, day);
  const todayAtMidnight = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.ceil((planned - todayAtMidnight) / DAY_MS);
};

export const countdownMessage = (days: number, productName: string): string => {
  if (days < 0) return `We hope your MCAT went well! Thank you for using ${productName}.`;
  if (days === 0) return 'Your MCAT is today! Good luck!';
  return `${days} days until your MCAT`;
};
