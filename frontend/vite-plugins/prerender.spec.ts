// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { pageDocument, pageFile } from './prerender';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <title>MCAT Logbook</title>
    <script type="module" crossorigin src="/assets/index-1a2b.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('the prerendered pages', () => {
  it('are written as pages/index.html for / and pages/<name>.html for /<name>', () => {
    expect(pageFile('/')).toBe('pages/index.html');
    expect(pageFile('/guide')).toBe('pages/guide.html');
    expect(pageFile('/forgot-password/')).toBe('pages/forgot-password.html');
  });

  it('are only one-segment paths the gateway and nginx can find', () => {
    expect(() => pageFile('/tests/new')).toThrow('one segment only');
    expect(() => pageFile('/Guide')).toThrow('one segment only');
  });

  it('put the page in #root, marked, with its styles in the head and its title escaped', () => {
    const document = pageDocument(TEMPLATE, {
      html: '<main><h1>Study Guide</h1></main>',
      styleTags: '<style data-emotion="css 1x2y">h1{margin:0}</style>',
      title: 'Q&A <Guide> | MCAT Logbook',
      rootAttribute: 'data-prerendered',
    });
    expect(document).toContain('<title>Q&amp;A &lt;Guide&gt; | MCAT Logbook</title>');
    expect(document).toContain('h1{margin:0}</style></head>');
    expect(document).toContain(
      '<div id="root" data-prerendered><main><h1>Study Guide</h1></main></div>',
    );
    expect(document).toContain('src="/assets/index-1a2b.js"');
  });

  it('mark #root as the page says: the signed-in shell is not hydrated', () => {
    const document = pageDocument(TEMPLATE, {
      html: '<h1>Welcome, <span data-student-name="">Student</span>!</h1>',
      styleTags: '',
      title: 'Dashboard | MCAT Logbook',
      rootAttribute: 'data-signed-in-shell',
    });
    expect(document).toContain('<div id="root" data-signed-in-shell><h1>Welcome,');
    expect(document).not.toContain('data-prerendered');
  });

  it('keep a `$` in the page as it is (no replacement pattern)', () => {
    const document = pageDocument(TEMPLATE, {
      html: "<p>$10 one-time, $& and $' stay</p>",
      styleTags: '',
      title: 'Premium',
      rootAttribute: 'data-prerendered',
    });
    expect(document).toContain("<p>$10 one-time, $& and $' stay</p>");
  });

  it('fail the build when the template has no empty #root', () => {
    expect(() =>
      pageDocument(TEMPLATE.replace('<div id="root"></div>', ''), {
        html: '',
        styleTags: '',
        title: 'x',
        rootAttribute: 'data-prerendered',
      }),
    ).toThrow('index.html has no <div id="root"></div>');
  });
});
