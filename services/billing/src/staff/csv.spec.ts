import { csvCell, csvDocument, csvLine } from './csv';

describe('the billing CSV export', () => {
  it('quotes cells holding commas, quotes or line breaks', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines', 12, null, true])).toBe(
      '"a,b","say ""hi""","two\nlines",12,,true\r\n',
    );
  });

  it('keeps a spreadsheet from running a cell as a formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('@me')).toBe("'@me");
    expect(csvCell('-5')).toBe("'-5");
  });

  it('writes the header, then a line per row', async () => {
    async function* rows() {
      yield { id: 'evt_1', amount: 1000 };
      yield { id: 'evt_2', amount: null };
    }
    let text = '';
    for await (const line of csvDocument(['id', 'amount'], rows(), (r) => [r.id, r.amount])) {
      text += line;
    }
    expect(text).toBe('id,amount\r\nevt_1,1000\r\nevt_2,\r\n');
  });
});
