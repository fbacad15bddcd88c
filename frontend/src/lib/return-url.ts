/** A `returnUrl` query value, used only when it is a path of this app (never another site). */
export const safeReturnUrl = (value: string | null): string | null =>
  value && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\') ? value : null;
