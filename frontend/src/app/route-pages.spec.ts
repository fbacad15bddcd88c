import { describe, expect, it } from 'vitest';
import { PAGES, pageAt, pathMatches } from './route-pages';

describe('the page a pathname opens', () => {
  it.each([
    ['/', PAGES.landing],
    ['/dashboard', PAGES.dashboard],
    ['/dashboard/', PAGES.dashboard],
    ['/reset-password/abc123', PAGES.resetPassword],
    ['/unsubscribe/abc.123', PAGES.unsubscribe],
    ['/tests', PAGES.tests],
    ['/tests/new', PAGES.newTest],
    ['/tests/65f0c1', PAGES.testDetail],
    ['/tests/65f0c1/edit', PAGES.editTest],
    ['/tests/65f0c1/review', PAGES.review],
    ['/tests/65f0c1/questions/new', PAGES.newQuestion],
    ['/questions/65f0c2/edit', PAGES.editQuestion],
    ['/insights', PAGES.insights],
    ['/re-review', PAGES.reReview],
    ['/no/such/page', PAGES.notFound],
    ['/dashboard/extra', PAGES.notFound],
  ])('%s', (pathname, page) => {
    expect(pageAt(pathname)).toBe(page);
  });

  it('a parameter takes exactly one segment', () => {
    expect(pathMatches('tests/:id', '/tests/1')).toBe(true);
    expect(pathMatches('tests/:id', '/tests')).toBe(false);
    expect(pathMatches('tests/:id', '/tests/1/edit')).toBe(false);
  });
});
