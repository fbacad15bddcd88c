import { normaliseRequestPath } from './request-path';

describe('the normal form of a request path', () => {
  it.each([
    ['/', '/'],
    ['/api/tests', '/api/tests'],
    ['/api/tests/', '/api/tests/'],
    ['/api/tests/665f1c2e9b1e8a3d4c5b6a79/review', '/api/tests/665f1c2e9b1e8a3d4c5b6a79/review'],
    [
      '/api/questions/search?section=Bio%20x&topicTag=a%2Fb',
      '/api/questions/search?section=Bio%20x&topicTag=a%2Fb',
    ],
    ['/api/auth/reset-password/Ab-_9.x~', '/api/auth/reset-password/Ab-_9.x~'],
    ['/api/%74ests', '/api/tests'],
    ['/assets/index-3f2a.js', '/assets/index-3f2a.js'],
    ['/api/x:y@z', '/api/x%3Ay%40z'],
    ['/a/.../b', '/a/.../b'],
    ['/api/tests/a%20b', '/api/tests/a%20b'],
  ])('%s is forwarded as %s', (target, url) => {
    expect(normaliseRequestPath(target)).toEqual({ ok: true, url });
  });

  it.each([
    ['a backslash', '/api/auth/reset-password/x\\..\\..\\internal/users/1/premium'],
    [
      'the reported spelling',
      '/api/auth/reset-password/x\\%2e%2e\\%2e%2e\\%2e%2e\\%2e%2e\\%2e%2e\\%2e%2e\\internal/users/1/premium',
    ],
    ['an encoded backslash', '/api/auth/reset-password/x%5c..%5cinternal'],
    ['an encoded backslash in upper case', '/api/auth/reset-password/x%5C..%5Cinternal'],
    ['an encoded slash', '/api/tests/..%2f..%2finternal/tests/1'],
    ['an encoded slash in upper case', '/api/tests/x%2Finternal'],
    ['a dot segment', '/api/tests/../internal/tests/1'],
    ['a single dot segment', '/api/tests/./1'],
    ['an encoded dot segment', '/api/tests/%2e%2e/internal/tests/1'],
    ['a mixed-case encoded dot segment', '/api/tests/%2E%2e/internal'],
    ['a half-encoded dot segment', '/api/tests/.%2e/internal'],
    ['a double-encoded dot', '/api/tests/%252e%252e/internal'],
    ['a double-encoded slash', '/api/tests/x%252finternal'],
    ['Tomcat-style ..;', '/api/tests/..;/internal/tests/1'],
    ['a matrix parameter', '/api/tests;jsessionid=1'],
    ['an empty segment', '/api//internal/users/1'],
    ['a leading double slash', '//internal/users/1'],
    ['overlong UTF-8 for a dot', '/api/tests/%c0%ae%c0%ae/internal'],
    ['overlong UTF-8 for a slash', '/api/tests/..%c0%afinternal'],
    ['an invalid UTF-8 byte', '/api/tests/%ff'],
    ['an encoded NUL', '/api/tests/1%00.json'],
    ['an encoded newline', '/api/tests/1%0d%0aX-Injected:%201'],
    ['a raw control character', '/api/tests/1\u0001'],
    ['a raw space', '/api/tests/a b'],
    ['a non-ASCII character', '/api/tests/\u00e9'],
    ['an encoded non-ASCII character', '/api/tests/%c3%a9'],
    ['a fullwidth solidus', '/api/tests/%ef%bc%8f..'],
    ['a malformed escape', '/api/tests/%zz'],
    ['a truncated escape', '/api/tests/%2'],
    ['an absolute URL', 'http://127.0.0.1:8101/internal/users/1'],
    ['an asterisk', '*'],
    ['a fragment', '/api/tests#x'],
  ])('refuses %s', (_name, target) => {
    expect(normaliseRequestPath(target)).toMatchObject({ ok: false });
  });
});
