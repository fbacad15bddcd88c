/** Cents as dollars: 1000 → "$10.00". */
export const formatPrice = (cents: number): string => `$${(cents / 100).toFixed(2)}`;
