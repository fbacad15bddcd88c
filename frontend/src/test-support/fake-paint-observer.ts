/** The browser's paint timing, stood in for: a test says which paint entries it reports. */
export class FakePaintObserver {
  static readonly supportedEntryTypes = ['paint'];
  static observers: FakePaintObserver[] = [];

  constructor(
    private readonly callback: (list: { getEntriesByName(name: string): unknown[] }) => void,
  ) {
    FakePaintObserver.observers.push(this);
  }

  observe(): void {}

  disconnect(): void {
    FakePaintObserver.observers = FakePaintObserver.observers.filter((o) => o !== this);
  }

  static report(entry: 'first-paint' | 'first-contentful-paint'): void {
    for (const observer of FakePaintObserver.observers) {
      observer.callback({ getEntriesByName: (name) => (name === entry ? [{ name }] : []) });
    }
  }
}
