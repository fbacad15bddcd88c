/** Fields of a payment provider's objects that name or reach a person. */
const PERSONAL_FIELDS: ReadonlySet<string> = new Set([
  'email',
  'receipt_email',
  'userEmail',
  'name',
  'phone',
  'address',
  'billing_details',
  'shipping',
  'customer_details',
]);

/**
 * A copy of a stored provider payload (a webhook event, a PaymentIntent) with every personal field,
 * at any depth, set to null: amounts, currencies, statuses and ids stay.
 */
export function withoutPersonalData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPersonalData);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      PERSONAL_FIELDS.has(key) ? null : withoutPersonalData(inner),
    ]),
  );
}

/** The same for a payload stored as JSON text; text that does not parse is dropped whole. */
export function jsonWithoutPersonalData(json: string): string {
  try {
    return JSON.stringify(withoutPersonalData(JSON.parse(json)));
  } catch {
    return 'null';
  }
}

/** What a stored provider event keeps of its person once they are erased: nothing. */
export const anonymousEventFields = (payload: string) => ({
  email: null,
  payload: jsonWithoutPersonalData(payload),
});
