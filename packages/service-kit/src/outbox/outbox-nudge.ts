/**
 * Lets a write wake the relay at once instead of at its next poll. The plugin's post hooks call
 * `nudgeOutbox(model)`; the relay listens for the models registered with it.
 */
const listeners = new WeakMap<object, Set<() => void>>();

export function onOutboxNudge(model: object, listener: () => void): () => void {
  let set = listeners.get(model);
  if (!set) {
    set = new Set();
    listeners.set(model, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}

export function nudgeOutbox(model: object): void {
  listeners.get(model)?.forEach((listener) => listener());
}
