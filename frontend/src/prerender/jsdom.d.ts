/**
 * The part of jsdom (a dev dependency that ships no types) that color-scheme-first-paint.spec.ts
 * uses: a document built from the prerendered HTML, in which it runs its inline colour-scheme script.
 */
declare module 'jsdom' {
  export interface ConstructorOptions {
    url?: string;
    runScripts?: 'dangerously' | 'outside-only';
  }

  export class JSDOM {
    constructor(html?: string, options?: ConstructorOptions);
    readonly window: Window & typeof globalThis;
  }
}
