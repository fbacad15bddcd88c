import { escapeHtml } from '../src/http/escape-html';

describe('escapeHtml', () => {
  it('escapes the five characters HTML reads as markup, in element content and attributes', () => {
    expect(escapeHtml(`<b class="x" title='y'>Tom & Jerry</b>`)).toBe(
      '&lt;b class=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/b&gt;',
    );
  });

  it('leaves other text as it is, an escape already written included once more escaped', () => {
    expect(escapeHtml('ΔG < 0 → spontaneous')).toBe('ΔG &lt; 0 → spontaneous');
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});
